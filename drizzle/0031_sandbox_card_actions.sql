ALTER TABLE "sandbox_charges" ADD COLUMN "action_secret" text;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD CONSTRAINT "sandbox_charges_action_secret_unique" UNIQUE("action_secret");
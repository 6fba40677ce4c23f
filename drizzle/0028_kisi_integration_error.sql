ALTER TABLE "access_control_integrations" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "access_control_integrations" ADD COLUMN "last_error_at" timestamp with time zone;
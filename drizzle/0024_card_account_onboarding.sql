CREATE TABLE "card_account_onboardings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_account_onboardings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"gym_id" integer NOT NULL,
	"started_by_user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"state_hash" text,
	"state_expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_account_onboardings_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox_connect_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"business_name" text,
	"email" text,
	"country" text DEFAULT 'NZ' NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"link_hash" text,
	"link_expires_at" timestamp with time zone,
	"return_url" text,
	"refresh_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "sandbox_connect_accounts_link_hash_unique" UNIQUE("link_hash")
);
--> statement-breakpoint
ALTER TABLE "card_account_onboardings" ADD CONSTRAINT "card_account_onboardings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_account_onboardings" ADD CONSTRAINT "card_account_onboardings_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_account_onboardings" ADD CONSTRAINT "card_account_onboardings_started_by_user_id_users_id_fk" FOREIGN KEY ("started_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_account_onboardings_gym_idx" ON "card_account_onboardings" USING btree ("gym_id");
CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "one_time_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_time_codes_purpose_check" CHECK ("one_time_codes"."purpose" in ('two_factor', 'email_verification', 'password_reset', 'staff_invite')),
	CONSTRAINT "one_time_codes_attempts_check" CHECK ("one_time_codes"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"two_factor_verified_at" timestamp with time zone,
	"remember" boolean DEFAULT false NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trusted_browsers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trusted_browsers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trusted_browsers_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "destination_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "destination_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"gym_id" integer NOT NULL,
	"name" text NOT NULL,
	"bank_account_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gyms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gyms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"logo" text,
	"stripe_id" text,
	"stripe_charges_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gyms_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "gyms_stripe_id_unique" UNIQUE("stripe_id")
);
--> statement-breakpoint
CREATE TABLE "access_control_integrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_control_integrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"integration_type" text NOT NULL,
	"credentials" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_control_integrations_type_check" CHECK ("access_control_integrations"."integration_type" in ('kisi', 'sandbox'))
);
--> statement-breakpoint
CREATE TABLE "door_integrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "door_integrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"gym_id" integer NOT NULL,
	"place_id" integer,
	"access_control_integration_id" integer NOT NULL,
	"integration_type" text NOT NULL,
	"name" text NOT NULL,
	"door_id" text NOT NULL,
	"tracks_visits" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "door_integrations_type_check" CHECK ("door_integrations"."integration_type" in ('kisi', 'sandbox'))
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "places_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"gym_id" integer NOT NULL,
	"access_control_integration_id" integer NOT NULL,
	"name" text NOT NULL,
	"place_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "places_gym_id_unique" UNIQUE("gym_id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "mail_outbox_attempts_check" CHECK ("mail_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "offering_gyms" (
	"organisation_id" integer NOT NULL,
	"offering_id" integer NOT NULL,
	"gym_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offering_gyms_offering_id_gym_id_pk" PRIMARY KEY("offering_id","gym_id")
);
--> statement-breakpoint
CREATE TABLE "offering_hours" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offering_hours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"offering_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"open_at" time NOT NULL,
	"close_at" time NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offering_hours_day_check" CHECK ("offering_hours"."day" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "offerings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offerings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"all_gyms_access" boolean DEFAULT false NOT NULL,
	"mandated" boolean DEFAULT false NOT NULL,
	"hours_mandated" boolean DEFAULT false NOT NULL,
	"prices_mandated" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offerings_type_check" CHECK ("offerings"."type" in ('24_7', 'limited_access'))
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organisations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"multi_gym" boolean DEFAULT false NOT NULL,
	"enable_offerings" boolean DEFAULT true NOT NULL,
	"non_stop" boolean DEFAULT true NOT NULL,
	"limited_access" boolean DEFAULT true NOT NULL,
	"price_frequencies" text[] DEFAULT array['weekly', 'fortnightly', 'monthly', 'quarterly', 'six_monthly', 'yearly']::text[] NOT NULL,
	"failed_payment_grace_period" integer DEFAULT 14 NOT NULL,
	"failed_payment_grace_period_unit" text DEFAULT 'day' NOT NULL,
	"term_membership_grace_period" integer DEFAULT 0 NOT NULL,
	"term_membership_grace_period_unit" text DEFAULT 'day' NOT NULL,
	"card_surcharge_basis_points" integer DEFAULT 0 NOT NULL,
	"card_surcharge_fixed" integer DEFAULT 0 NOT NULL,
	"general_card_surcharge_text" text,
	"accent_colour" text,
	"logo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_slug_unique" UNIQUE("slug"),
	CONSTRAINT "organisations_price_frequencies_check" CHECK ("organisations"."price_frequencies" <@ array['weekly', 'fortnightly', 'monthly', 'quarterly', 'six_monthly', 'yearly']::text[]),
	CONSTRAINT "organisations_failed_payment_grace_unit_check" CHECK ("organisations"."failed_payment_grace_period_unit" in ('day', 'week', 'month')),
	CONSTRAINT "organisations_term_grace_unit_check" CHECK ("organisations"."term_membership_grace_period_unit" in ('day', 'week', 'month')),
	CONSTRAINT "organisations_grace_periods_check" CHECK ("organisations"."failed_payment_grace_period" >= 0 and "organisations"."term_membership_grace_period" >= 0),
	CONSTRAINT "organisations_card_surcharge_check" CHECK ("organisations"."card_surcharge_basis_points" between 0 and 10000 and "organisations"."card_surcharge_fixed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"gym_id" integer,
	"type" text NOT NULL,
	"bank_account_number" text,
	"name" text,
	"status" text,
	"brand" text,
	"exp_month" smallint,
	"exp_year" smallint,
	"last_four" text,
	"country" text,
	"provider_reference" text,
	"provider_customer_reference" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_type_check" CHECK ("payment_methods"."type" in ('bank_account', 'stripe_card'))
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"provider_reference" text,
	"error_code" text,
	"error_message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "payment_attempts_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_attempts_provider_check" CHECK ("payment_attempts"."provider" in ('stripe', 'akahu', 'sandbox_card', 'sandbox_bank', 'manual')),
	CONSTRAINT "payment_attempts_status_check" CHECK ("payment_attempts"."status" in ('started', 'succeeded', 'failed', 'unknown')),
	CONSTRAINT "payment_attempts_attempt_check" CHECK ("payment_attempts"."attempt" >= 1)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"gym_id" integer NOT NULL,
	"payment_method_id" integer,
	"destination_account_id" integer,
	"amount" integer NOT NULL,
	"surcharge" integer DEFAULT 0 NOT NULL,
	"period_start_at" date,
	"period_end_at" date,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"type" text NOT NULL,
	"is_retry" boolean DEFAULT false NOT NULL,
	"is_pro_rata" boolean DEFAULT false NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"poll_count" integer DEFAULT 0 NOT NULL,
	"akahu_payment_id" text,
	"stripe_id" text,
	"credit_used" integer DEFAULT 0 NOT NULL,
	"error_status" text,
	"error_description" text,
	"force_amount" boolean DEFAULT false NOT NULL,
	"processed_by_user_id" integer,
	"paid_at" timestamp with time zone,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payments_type_check" CHECK ("payments"."type" in ('bank_account', 'stripe_card', 'manual')),
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."amount" >= 0 and "payments"."surcharge" >= 0 and "payments"."credit_used" >= 0 and "payments"."attempt" >= 0 and "payments"."poll_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "age_bypass_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "age_bypass_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"token" text NOT NULL,
	"created_by_user_id" integer,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"used_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "age_bypass_links_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"offering_id" integer NOT NULL,
	"gym_id" integer,
	"amount" integer NOT NULL,
	"billing_frequency" text NOT NULL,
	"joining_fee" integer DEFAULT 0 NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"term_amount" integer,
	"term_unit" text,
	"grouping_unique_identifier" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prices_amount_check" CHECK ("prices"."amount" >= 0 and "prices"."joining_fee" >= 0),
	CONSTRAINT "prices_billing_frequency_check" CHECK ("prices"."billing_frequency" in ('daily', 'weekly', 'fortnightly', 'monthly', 'bi_monthly', 'quarterly', 'twice_yearly', 'yearly', 'one_off')),
	CONSTRAINT "prices_term_unit_check" CHECK ("prices"."term_unit" in ('week', 'month', 'year')),
	CONSTRAINT "prices_term_check" CHECK (("prices"."term_amount" is null) = ("prices"."term_unit" is null) and ("prices"."term_amount" is null or "prices"."term_amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "private_price_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "private_price_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"price_id" integer NOT NULL,
	"token" text NOT NULL,
	"age_bypass" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"used_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_price_links_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "staff_gym_roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_gym_roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"gym_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_gym_roles_role_check" CHECK ("staff_gym_roles"."role" in ('admin', 'personal_trainer'))
);
--> statement-breakpoint
CREATE TABLE "price_change_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_change_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"from_price_id" integer,
	"to_price_id" integer,
	"from_amount" integer NOT NULL,
	"to_amount" integer NOT NULL,
	"takes_effect_on" date NOT NULL,
	"scheduled_by_user_id" integer,
	"applied_at" timestamp with time zone,
	"email_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_change_history_amounts_check" CHECK ("price_change_history"."from_amount" >= 0 and "price_change_history"."to_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_pauses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_pauses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"credit_days_used" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" integer,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_pauses_dates_check" CHECK ("subscription_pauses"."end_date" >= "subscription_pauses"."start_date" and "subscription_pauses"."credit_days_used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"gym_id" integer NOT NULL,
	"price_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"current_period_start" date,
	"current_period_end" date,
	"paused_at" timestamp with time zone,
	"pause_start_at" date,
	"pause_end_at" date,
	"pause_days_credit" integer DEFAULT 0 NOT NULL,
	"pause_days_remaining" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancellation_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"cancellation_comments" text,
	"undo_cancellation_until" timestamp with time zone,
	"grace_period_ends_at" date,
	"upcoming_state" text,
	"initial_state" text,
	"transition_to_price_id" integer,
	"transition_takes_effect_at" text,
	"transition_to_date" date,
	"force_price_amount" integer,
	"is_staging" boolean DEFAULT false NOT NULL,
	"term_ends_at" date,
	"cooling_period_ends_at" date,
	"cancelled_during_cooling_off_period" boolean DEFAULT false NOT NULL,
	"balance_owing" integer DEFAULT 0 NOT NULL,
	"periods_owing" integer DEFAULT 0 NOT NULL,
	"credit_balance" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"private_price_link_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_transition_takes_effect_at_check" CHECK ("subscriptions"."transition_takes_effect_at" in ('period_end', 'date')),
	CONSTRAINT "subscriptions_counters_check" CHECK ("subscriptions"."pause_days_credit" >= 0 and "subscriptions"."pause_days_remaining" >= 0 and "subscriptions"."periods_owing" >= 0 and "subscriptions"."credit_balance" >= 0 and "subscriptions"."version" >= 1),
	CONSTRAINT "subscriptions_force_price_amount_check" CHECK ("subscriptions"."force_price_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"email_verified_at" timestamp with time zone,
	"is_staff" boolean DEFAULT false NOT NULL,
	"organisation_role" text,
	"mobile_number" text,
	"dob" date,
	"email_notifications_enabled" boolean DEFAULT true NOT NULL,
	"push_notifications_enabled" boolean DEFAULT true NOT NULL,
	"payment_reminders" boolean DEFAULT true NOT NULL,
	"emergency_contact_name" text,
	"emergency_contact_email" text,
	"emergency_contact_mobile_number" text,
	"emergency_contact_relationship" text,
	"address" text,
	"suburb" text,
	"city" text,
	"post_code" text,
	"confidence_and_experience" text[] DEFAULT '{}'::text[] NOT NULL,
	"hear_about_us" text[] DEFAULT '{}'::text[] NOT NULL,
	"hear_about_us_other" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text,
	"profile_picture" text,
	"default_payment_method_id" integer,
	"current_gym_id" integer,
	"home_gym_id" integer,
	"is_returning_member" boolean DEFAULT false NOT NULL,
	"reauthenticate_akahu" boolean DEFAULT false NOT NULL,
	"pending_invite" integer DEFAULT 0 NOT NULL,
	"access_enabled" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_organisation_role_check" CHECK ("users"."organisation_role" in ('admin')),
	CONSTRAINT "users_confidence_and_experience_check" CHECK ("users"."confidence_and_experience" <@ array['first_time', 'been_but_not_sure_what_to_do', 'been_but_not_achieved_goals', 'been_but_stopped_going', 'experienced_and_confident']::text[]),
	CONSTRAINT "users_hear_about_us_check" CHECK ("users"."hear_about_us" <@ array['friend', 'physical_marketing', 'google_advert', 'facebook_or_instagram', 'google_search', 'been_member_here_before', 'other']::text[]),
	CONSTRAINT "users_pending_invite_check" CHECK ("users"."pending_invite" >= 0)
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"gym_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"door_integration_id" integer,
	"visited_at" timestamp with time zone NOT NULL,
	"successful" boolean DEFAULT true NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "webhook_events_provider_check" CHECK ("webhook_events"."provider" in ('stripe', 'akahu', 'kisi'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_browsers" ADD CONSTRAINT "trusted_browsers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destination_accounts" ADD CONSTRAINT "destination_accounts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destination_accounts" ADD CONSTRAINT "destination_accounts_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gyms" ADD CONSTRAINT "gyms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_control_integrations" ADD CONSTRAINT "access_control_integrations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_integrations" ADD CONSTRAINT "door_integrations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_integrations" ADD CONSTRAINT "door_integrations_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_integrations" ADD CONSTRAINT "door_integrations_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_integrations" ADD CONSTRAINT "door_integrations_access_control_integration_id_access_control_integrations_id_fk" FOREIGN KEY ("access_control_integration_id") REFERENCES "public"."access_control_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_access_control_integration_id_access_control_integrations_id_fk" FOREIGN KEY ("access_control_integration_id") REFERENCES "public"."access_control_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_gyms" ADD CONSTRAINT "offering_gyms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_gyms" ADD CONSTRAINT "offering_gyms_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_gyms" ADD CONSTRAINT "offering_gyms_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_hours" ADD CONSTRAINT "offering_hours_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_hours" ADD CONSTRAINT "offering_hours_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_destination_account_id_destination_accounts_id_fk" FOREIGN KEY ("destination_account_id") REFERENCES "public"."destination_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_processed_by_user_id_users_id_fk" FOREIGN KEY ("processed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "age_bypass_links" ADD CONSTRAINT "age_bypass_links_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "age_bypass_links" ADD CONSTRAINT "age_bypass_links_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "age_bypass_links" ADD CONSTRAINT "age_bypass_links_used_by_user_id_users_id_fk" FOREIGN KEY ("used_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_price_links" ADD CONSTRAINT "private_price_links_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_price_links" ADD CONSTRAINT "private_price_links_price_id_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."prices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_price_links" ADD CONSTRAINT "private_price_links_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_price_links" ADD CONSTRAINT "private_price_links_used_by_user_id_users_id_fk" FOREIGN KEY ("used_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_gym_roles" ADD CONSTRAINT "staff_gym_roles_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_gym_roles" ADD CONSTRAINT "staff_gym_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_gym_roles" ADD CONSTRAINT "staff_gym_roles_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_change_history" ADD CONSTRAINT "price_change_history_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_change_history" ADD CONSTRAINT "price_change_history_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_change_history" ADD CONSTRAINT "price_change_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_change_history" ADD CONSTRAINT "price_change_history_from_price_id_prices_id_fk" FOREIGN KEY ("from_price_id") REFERENCES "public"."prices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_change_history" ADD CONSTRAINT "price_change_history_to_price_id_prices_id_fk" FOREIGN KEY ("to_price_id") REFERENCES "public"."prices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_change_history" ADD CONSTRAINT "price_change_history_scheduled_by_user_id_users_id_fk" FOREIGN KEY ("scheduled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_price_id_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_transition_to_price_id_prices_id_fk" FOREIGN KEY ("transition_to_price_id") REFERENCES "public"."prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_private_price_link_id_private_price_links_id_fk" FOREIGN KEY ("private_price_link_id") REFERENCES "public"."private_price_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_default_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("default_payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_current_gym_id_gyms_id_fk" FOREIGN KEY ("current_gym_id") REFERENCES "public"."gyms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_home_gym_id_gyms_id_fk" FOREIGN KEY ("home_gym_id") REFERENCES "public"."gyms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_door_integration_id_door_integrations_id_fk" FOREIGN KEY ("door_integration_id") REFERENCES "public"."door_integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("organisation_id","subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "audit_log_organisation_created_at_idx" ON "audit_log" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_user_purpose_idx" ON "one_time_codes" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_code_hash_idx" ON "one_time_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "trusted_browsers_user_idx" ON "trusted_browsers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "destination_accounts_gym_idx" ON "destination_accounts" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "gyms_organisation_name_idx" ON "gyms" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "access_control_integrations_organisation_type_unique" ON "access_control_integrations" USING btree ("organisation_id","integration_type");--> statement-breakpoint
CREATE UNIQUE INDEX "door_integrations_integration_door_unique" ON "door_integrations" USING btree ("access_control_integration_id","door_id");--> statement-breakpoint
CREATE INDEX "door_integrations_gym_idx" ON "door_integrations" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "door_integrations_place_idx" ON "door_integrations" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "places_integration_idx" ON "places" USING btree ("access_control_integration_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_created_at_idx" ON "mail_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_organisation_created_at_idx" ON "mail_outbox" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to");--> statement-breakpoint
CREATE INDEX "offering_gyms_gym_idx" ON "offering_gyms" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "offering_hours_offering_idx" ON "offering_hours" USING btree ("offering_id","day");--> statement-breakpoint
CREATE INDEX "offerings_organisation_name_idx" ON "offerings" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE INDEX "payment_methods_user_idx" ON "payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_methods_provider_reference_idx" ON "payment_methods" USING btree ("provider_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_payment_attempt_unique" ON "payment_attempts" USING btree ("payment_id","attempt");--> statement-breakpoint
CREATE INDEX "payment_attempts_provider_reference_idx" ON "payment_attempts" USING btree ("provider_reference");--> statement-breakpoint
CREATE INDEX "payments_organisation_status_due_on_idx" ON "payments" USING btree ("organisation_id","status","due_on");--> statement-breakpoint
CREATE INDEX "payments_organisation_due_on_idx" ON "payments" USING btree ("organisation_id","due_on");--> statement-breakpoint
CREATE INDEX "payments_status_due_on_idx" ON "payments" USING btree ("status","due_on");--> statement-breakpoint
CREATE INDEX "payments_subscription_idx" ON "payments" USING btree ("subscription_id","due_on");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","due_on");--> statement-breakpoint
CREATE INDEX "payments_gym_idx" ON "payments" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "payments_payment_method_idx" ON "payments" USING btree ("payment_method_id");--> statement-breakpoint
CREATE INDEX "payments_akahu_payment_id_idx" ON "payments" USING btree ("akahu_payment_id");--> statement-breakpoint
CREATE INDEX "payments_stripe_id_idx" ON "payments" USING btree ("stripe_id");--> statement-breakpoint
CREATE INDEX "age_bypass_links_organisation_idx" ON "age_bypass_links" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "prices_offering_idx" ON "prices" USING btree ("offering_id");--> statement-breakpoint
CREATE INDEX "prices_organisation_idx" ON "prices" USING btree ("organisation_id","archived_at");--> statement-breakpoint
CREATE INDEX "prices_gym_idx" ON "prices" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "prices_grouping_idx" ON "prices" USING btree ("grouping_unique_identifier");--> statement-breakpoint
CREATE INDEX "private_price_links_price_idx" ON "private_price_links" USING btree ("price_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_gym_roles_user_gym_unique" ON "staff_gym_roles" USING btree ("user_id","gym_id");--> statement-breakpoint
CREATE INDEX "staff_gym_roles_gym_idx" ON "staff_gym_roles" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "price_change_history_user_idx" ON "price_change_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "price_change_history_subscription_idx" ON "price_change_history" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscription_pauses_subscription_idx" ON "subscription_pauses" USING btree ("subscription_id","start_date");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_gym_idx" ON "subscriptions" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "subscriptions_price_idx" ON "subscriptions" USING btree ("price_id");--> statement-breakpoint
CREATE INDEX "subscriptions_transition_to_price_idx" ON "subscriptions" USING btree ("transition_to_price_id");--> statement-breakpoint
CREATE INDEX "subscriptions_organisation_period_end_idx" ON "subscriptions" USING btree ("organisation_id","current_period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "users_organisation_email_unique" ON "users" USING btree ("organisation_id",lower("email"));--> statement-breakpoint
CREATE INDEX "users_organisation_name_idx" ON "users" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE INDEX "users_organisation_created_at_idx" ON "users" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "users_current_gym_idx" ON "users" USING btree ("current_gym_id");--> statement-breakpoint
CREATE INDEX "users_home_gym_idx" ON "users" USING btree ("home_gym_id");--> statement-breakpoint
CREATE INDEX "users_default_payment_method_idx" ON "users" USING btree ("default_payment_method_id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "visits_organisation_gym_visited_at_idx" ON "visits" USING btree ("organisation_id","gym_id","visited_at");--> statement-breakpoint
CREATE INDEX "visits_organisation_visited_at_idx" ON "visits" USING btree ("organisation_id","visited_at");--> statement-breakpoint
CREATE INDEX "visits_user_visited_at_idx" ON "visits" USING btree ("user_id","visited_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_provider_event_unique" ON "webhook_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "webhook_events_unprocessed_idx" ON "webhook_events" USING btree ("received_at") WHERE "webhook_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "webhook_events_received_at_idx" ON "webhook_events" USING btree ("received_at");
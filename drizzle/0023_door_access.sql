CREATE TABLE "door_access_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "door_access_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"access_control_integration_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"provider_user_id" text NOT NULL,
	"group_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"refused_reason" text,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "door_access_outbox" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_door_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_door_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" text NOT NULL,
	"account" text NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"lock_id" integer NOT NULL,
	"place_id" integer NOT NULL,
	"success" boolean NOT NULL,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_door_events_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "sandbox_door_group_locks" (
	"group_id" integer NOT NULL,
	"lock_id" integer NOT NULL,
	CONSTRAINT "sandbox_door_group_locks_group_id_lock_id_pk" PRIMARY KEY("group_id","lock_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_door_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_door_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"place_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_door_locks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_door_locks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"place_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_door_places" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_door_places_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_door_role_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_door_role_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_door_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_door_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"credential" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_door_users_credential_unique" UNIQUE("credential")
);
--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "group_id" text;--> statement-breakpoint
ALTER TABLE "door_access_members" ADD CONSTRAINT "door_access_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_access_members" ADD CONSTRAINT "door_access_members_access_control_integration_id_access_control_integrations_id_fk" FOREIGN KEY ("access_control_integration_id") REFERENCES "public"."access_control_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_access_members" ADD CONSTRAINT "door_access_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_access_outbox" ADD CONSTRAINT "door_access_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_access_outbox" ADD CONSTRAINT "door_access_outbox_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_door_events" ADD CONSTRAINT "sandbox_door_events_actor_id_sandbox_door_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."sandbox_door_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_door_events" ADD CONSTRAINT "sandbox_door_events_lock_id_sandbox_door_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."sandbox_door_locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_door_group_locks" ADD CONSTRAINT "sandbox_door_group_locks_group_id_sandbox_door_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."sandbox_door_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_door_group_locks" ADD CONSTRAINT "sandbox_door_group_locks_lock_id_sandbox_door_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."sandbox_door_locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_door_groups" ADD CONSTRAINT "sandbox_door_groups_place_id_sandbox_door_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."sandbox_door_places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_door_locks" ADD CONSTRAINT "sandbox_door_locks_place_id_sandbox_door_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."sandbox_door_places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_door_role_assignments" ADD CONSTRAINT "sandbox_door_role_assignments_user_id_sandbox_door_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sandbox_door_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_door_role_assignments" ADD CONSTRAINT "sandbox_door_role_assignments_group_id_sandbox_door_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."sandbox_door_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "door_access_members_integration_user_unique" ON "door_access_members" USING btree ("access_control_integration_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "door_access_members_integration_provider_user_unique" ON "door_access_members" USING btree ("access_control_integration_id","provider_user_id");--> statement-breakpoint
CREATE INDEX "door_access_members_user_idx" ON "door_access_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "door_access_outbox_due_idx" ON "door_access_outbox" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "sandbox_door_events_account_created_idx" ON "sandbox_door_events" USING btree ("account","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_door_group_locks_lock_idx" ON "sandbox_door_group_locks" USING btree ("lock_id");--> statement-breakpoint
CREATE INDEX "sandbox_door_groups_place_idx" ON "sandbox_door_groups" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "sandbox_door_locks_place_idx" ON "sandbox_door_locks" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "sandbox_door_places_account_idx" ON "sandbox_door_places" USING btree ("account");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_door_role_assignments_user_group_unique" ON "sandbox_door_role_assignments" USING btree ("user_id","group_id");--> statement-breakpoint
CREATE INDEX "sandbox_door_role_assignments_group_idx" ON "sandbox_door_role_assignments" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_door_users_account_email_unique" ON "sandbox_door_users" USING btree ("account","email");--> statement-breakpoint
CREATE UNIQUE INDEX "places_integration_place_unique" ON "places" USING btree ("access_control_integration_id","place_id");--> statement-breakpoint
-- ADR 029: a change to what door access depends on queues the person for the access sync, in the same
-- transaction. Only organisations with a door system connected are queued; the epoch means "now" on
-- any clock (the billing simulation runs with its own, always after 1970).
CREATE FUNCTION door_access_queue_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO door_access_outbox (user_id, organisation_id, due_at)
    SELECT DISTINCT n.user_id, n.organisation_id, 'epoch'::timestamptz
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (o.gym_id, o.price_id, o.start_date, o.pause_start_at, o.pause_end_at, o.cancelled_at,
           o.undo_cancellation_until, o.grace_period_ends_at, o.is_staging, o.balance_owing = 0,
           o.upcoming_state, o.current_period_end)
      IS DISTINCT FROM
          (n.gym_id, n.price_id, n.start_date, n.pause_start_at, n.pause_end_at, n.cancelled_at,
           n.undo_cancellation_until, n.grace_period_ends_at, n.is_staging, n.balance_owing = 0,
           n.upcoming_state, n.current_period_end)
      AND EXISTS (SELECT 1 FROM access_control_integrations a WHERE a.organisation_id = n.organisation_id)
    ON CONFLICT (user_id) DO UPDATE SET due_at = excluded.due_at;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO door_access_outbox (user_id, organisation_id, due_at)
    SELECT DISTINCT n.user_id, n.organisation_id, 'epoch'::timestamptz FROM new_rows n
    WHERE EXISTS (SELECT 1 FROM access_control_integrations a WHERE a.organisation_id = n.organisation_id)
    ON CONFLICT (user_id) DO UPDATE SET due_at = excluded.due_at;
  ELSE
    INSERT INTO door_access_outbox (user_id, organisation_id, due_at)
    SELECT DISTINCT o.user_id, o.organisation_id, 'epoch'::timestamptz FROM old_rows o
    WHERE EXISTS (SELECT 1 FROM access_control_integrations a WHERE a.organisation_id = o.organisation_id)
      AND EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id)
    ON CONFLICT (user_id) DO UPDATE SET due_at = excluded.due_at;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER door_access_subscriptions_inserted AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION door_access_queue_subscriptions();
--> statement-breakpoint
CREATE TRIGGER door_access_subscriptions_updated AFTER UPDATE ON subscriptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION door_access_queue_subscriptions();
--> statement-breakpoint
CREATE TRIGGER door_access_subscriptions_deleted AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION door_access_queue_subscriptions();
--> statement-breakpoint
CREATE FUNCTION door_access_queue_pauses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO door_access_outbox (user_id, organisation_id, due_at)
  SELECT s.user_id, s.organisation_id, 'epoch'::timestamptz
  FROM subscriptions s
  WHERE s.id = coalesce(NEW.subscription_id, OLD.subscription_id)
    AND EXISTS (SELECT 1 FROM access_control_integrations a WHERE a.organisation_id = s.organisation_id)
  ON CONFLICT (user_id) DO UPDATE SET due_at = excluded.due_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER door_access_pauses_changed AFTER INSERT OR UPDATE OR DELETE ON subscription_pauses
  FOR EACH ROW EXECUTE FUNCTION door_access_queue_pauses();
--> statement-breakpoint
CREATE FUNCTION door_access_queue_person() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person integer := coalesce(NEW.user_id, OLD.user_id);
BEGIN
  INSERT INTO door_access_outbox (user_id, organisation_id, due_at)
  SELECT u.id, u.organisation_id, 'epoch'::timestamptz FROM users u
  WHERE u.id = person
    AND EXISTS (SELECT 1 FROM access_control_integrations a WHERE a.organisation_id = u.organisation_id)
  ON CONFLICT (user_id) DO UPDATE SET due_at = excluded.due_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER door_access_staff_roles_changed AFTER INSERT OR UPDATE OR DELETE ON staff_gym_roles
  FOR EACH ROW EXECUTE FUNCTION door_access_queue_person();
--> statement-breakpoint
CREATE FUNCTION door_access_queue_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM access_control_integrations a WHERE a.organisation_id = NEW.organisation_id) THEN
    INSERT INTO door_access_outbox (user_id, organisation_id, due_at)
    VALUES (NEW.id, NEW.organisation_id, 'epoch'::timestamptz)
    ON CONFLICT (user_id) DO UPDATE SET due_at = excluded.due_at;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER door_access_user_changed AFTER UPDATE OF deleted_at, access_enabled, organisation_role, is_staff, email, name
  ON users FOR EACH ROW
  WHEN ((OLD.deleted_at, OLD.access_enabled, OLD.organisation_role, OLD.is_staff, OLD.email, OLD.name)
    IS DISTINCT FROM (NEW.deleted_at, NEW.access_enabled, NEW.organisation_role, NEW.is_staff, NEW.email, NEW.name))
  EXECUTE FUNCTION door_access_queue_user();
--> statement-breakpoint
-- A payment taken (or accepted by the bank), or one that stops counting as taken: a first payment opens
-- the doors (ADR 029). Only status changes into or out of those statuses queue anyone.
CREATE FUNCTION door_access_queue_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO door_access_outbox (user_id, organisation_id, due_at)
  SELECT DISTINCT n.user_id, n.organisation_id, 'epoch'::timestamptz
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE o.status IS DISTINCT FROM n.status
    AND (o.status IN ('sent', 'pending_request') OR n.status IN ('sent', 'pending_request'))
    AND EXISTS (SELECT 1 FROM access_control_integrations a WHERE a.organisation_id = n.organisation_id)
  ON CONFLICT (user_id) DO UPDATE SET due_at = excluded.due_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER door_access_payments_updated AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION door_access_queue_payments();

CREATE TABLE "member_counts" (
	"organisation_id" integer NOT NULL,
	"gym_id" integer NOT NULL,
	"offering_id" integer NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "member_counts_organisation_id_gym_id_offering_id_pk" PRIMARY KEY("organisation_id","gym_id","offering_id")
);
--> statement-breakpoint
CREATE TABLE "member_summaries" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"search_text" text NOT NULL,
	"tags" text[] NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"gym_id" integer,
	"subscription_id" integer,
	"price_id" integer,
	"offering_id" integer,
	"start_date" date,
	"current_period_start" date,
	"current_period_end" date,
	"cancelled_at" timestamp with time zone,
	"undo_cancellation_until" timestamp with time zone,
	"grace_period_ends_at" date,
	"pause_start_at" date,
	"pause_end_at" date,
	"upcoming_state" text,
	"balance_owing" integer DEFAULT 0 NOT NULL,
	"force_price_amount" integer,
	"last_visit_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "subscriptions_organisation_user_latest_idx";--> statement-breakpoint
ALTER TABLE "member_counts" ADD CONSTRAINT "member_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_summaries" ADD CONSTRAINT "member_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_summaries" ADD CONSTRAINT "member_summaries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_summaries_name_idx" ON "member_summaries" USING btree ("organisation_id","name","user_id");--> statement-breakpoint
CREATE INDEX "member_summaries_gym_name_idx" ON "member_summaries" USING btree ("organisation_id","gym_id","name","user_id");--> statement-breakpoint
CREATE INDEX "member_summaries_joined_idx" ON "member_summaries" USING btree ("organisation_id","joined_at","user_id");--> statement-breakpoint
CREATE INDEX "member_summaries_last_visit_desc_idx" ON "member_summaries" USING btree ("organisation_id","last_visit_at" DESC NULLS LAST,"name","user_id");--> statement-breakpoint
CREATE INDEX "member_summaries_last_visit_asc_idx" ON "member_summaries" USING btree ("organisation_id","last_visit_at" NULLS FIRST,"name","user_id");--> statement-breakpoint
CREATE INDEX "member_summaries_balance_desc_idx" ON "member_summaries" USING btree ("organisation_id","balance_owing" DESC NULLS FIRST,"name","user_id");--> statement-breakpoint
CREATE INDEX "member_summaries_balance_asc_idx" ON "member_summaries" USING btree ("organisation_id","balance_owing","name","user_id");--> statement-breakpoint
CREATE INDEX "member_summaries_search_trgm_idx" ON "member_summaries" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "member_summaries_no_subscription_idx" ON "member_summaries" USING btree ("organisation_id","name","user_id") WHERE "member_summaries"."subscription_id" is null;--> statement-breakpoint
CREATE INDEX "member_summaries_paused_idx" ON "member_summaries" USING btree ("organisation_id","pause_start_at") WHERE "member_summaries"."pause_start_at" is not null;--> statement-breakpoint
CREATE INDEX "member_summaries_cancelled_idx" ON "member_summaries" USING btree ("organisation_id","current_period_end") WHERE "member_summaries"."cancelled_at" is not null;--> statement-breakpoint
CREATE INDEX "member_summaries_grace_idx" ON "member_summaries" USING btree ("organisation_id","grace_period_ends_at") WHERE "member_summaries"."grace_period_ends_at" is not null;--> statement-breakpoint
CREATE INDEX "member_summaries_upcoming_state_idx" ON "member_summaries" USING btree ("organisation_id","upcoming_state") WHERE "member_summaries"."upcoming_state" is not null;--> statement-breakpoint
CREATE INDEX "member_summaries_period_start_idx" ON "member_summaries" USING btree ("organisation_id","current_period_start");--> statement-breakpoint
CREATE INDEX "member_summaries_tags_idx" ON "member_summaries" USING gin ("tags") WHERE "member_summaries"."tags" <> '{}'::text[];--> statement-breakpoint
-- The members list's summary (ADR 026), kept by triggers so that no write path can forget it. Every
-- trigger is per statement with its transition table, so a bulk insert (the demo seed, a benchmark's
-- fixture, an import) refreshes each member it touched once, in one statement.
--
-- member_summaries_refresh(ids): the summary rows of these users made equal to their source rows: a
-- member (not staff, not deleted) gets their row, anyone else loses theirs. The latest membership is the
-- newest that is not being assembled at sign-up (`subscriptions_user_latest_idx`), as in the list's
-- earlier lateral join.
CREATE FUNCTION member_summaries_refresh(p_user_ids integer[]) RETURNS void
LANGUAGE plpgsql
AS $function$
BEGIN
  IF cardinality(p_user_ids) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM member_summaries s
  USING unnest(p_user_ids) AS t(id)
  WHERE s.user_id = t.id
    AND NOT EXISTS (
      SELECT 1 FROM users u WHERE u.id = s.user_id AND NOT u.is_staff AND u.deleted_at IS NULL
    );
  INSERT INTO member_summaries AS s (
    user_id, organisation_id, name, search_text, tags, joined_at, gym_id, subscription_id, price_id,
    offering_id, start_date, current_period_start, current_period_end, cancelled_at,
    undo_cancellation_until, grace_period_ends_at, pause_start_at, pause_end_at, upcoming_state,
    balance_owing, force_price_amount, last_visit_at
  )
  SELECT u.id, u.organisation_id, u.name,
    lower(u.name) || chr(1) || lower(u.email) || chr(1) || coalesce(u.mobile_number, ''),
    u.tags, u.created_at, coalesce(l.gym_id, u.home_gym_id), l.id, l.price_id, p.offering_id,
    l.start_date, l.current_period_start, l.current_period_end, l.cancelled_at,
    l.undo_cancellation_until, l.grace_period_ends_at, l.pause_start_at, l.pause_end_at,
    l.upcoming_state, coalesce(l.balance_owing, 0), l.force_price_amount,
    (SELECT max(v.visited_at) FROM visits v WHERE v.user_id = u.id AND v.successful)
  FROM users u
  LEFT JOIN LATERAL (
    SELECT * FROM subscriptions x
    WHERE x.user_id = u.id AND x.is_staging = false
    ORDER BY x.created_at DESC, x.id DESC
    LIMIT 1
  ) l ON true
  LEFT JOIN prices p ON p.id = l.price_id
  WHERE u.id IN (SELECT unnest(p_user_ids)) AND NOT u.is_staff AND u.deleted_at IS NULL
  ON CONFLICT (user_id) DO UPDATE SET
    organisation_id = excluded.organisation_id, name = excluded.name, search_text = excluded.search_text,
    tags = excluded.tags, joined_at = excluded.joined_at, gym_id = excluded.gym_id,
    subscription_id = excluded.subscription_id, price_id = excluded.price_id,
    offering_id = excluded.offering_id, start_date = excluded.start_date,
    current_period_start = excluded.current_period_start,
    current_period_end = excluded.current_period_end, cancelled_at = excluded.cancelled_at,
    undo_cancellation_until = excluded.undo_cancellation_until,
    grace_period_ends_at = excluded.grace_period_ends_at, pause_start_at = excluded.pause_start_at,
    pause_end_at = excluded.pause_end_at, upcoming_state = excluded.upcoming_state,
    balance_owing = excluded.balance_owing, force_price_amount = excluded.force_price_amount,
    last_visit_at = excluded.last_visit_at
  -- A row already equal is left alone (no new row version, nothing for member_counts to do).
  WHERE (s.*) IS DISTINCT FROM (excluded.*);
END
$function$;
--> statement-breakpoint
CREATE FUNCTION member_summaries_users_inserted() RETURNS trigger
LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM member_summaries_refresh(ARRAY(SELECT n.id FROM new_rows n WHERE NOT n.is_staff));
  RETURN NULL;
END
$function$;
--> statement-breakpoint
-- Only users whose listed columns changed (a sign-in or a password change touches no summary).
CREATE FUNCTION member_summaries_users_updated() RETURNS trigger
LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM member_summaries_refresh(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.name, n.email, n.mobile_number, n.tags, n.created_at, n.home_gym_id, n.is_staff,
        n.deleted_at, n.organisation_id)
      IS DISTINCT FROM (o.name, o.email, o.mobile_number, o.tags, o.created_at, o.home_gym_id,
        o.is_staff, o.deleted_at, o.organisation_id)
  ));
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE FUNCTION member_summaries_subscriptions_inserted() RETURNS trigger
LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM member_summaries_refresh(ARRAY(SELECT DISTINCT n.user_id FROM new_rows n WHERE NOT n.is_staging));
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE FUNCTION member_summaries_subscriptions_updated() RETURNS trigger
LANGUAGE plpgsql
AS $function$
BEGIN
  -- Only memberships whose listed columns changed (a version bump or pause-day count touches nothing).
  PERFORM member_summaries_refresh(ARRAY(
    SELECT n.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.user_id, n.gym_id, n.price_id, n.start_date, n.current_period_start, n.current_period_end,
        n.cancelled_at, n.undo_cancellation_until, n.grace_period_ends_at, n.pause_start_at, n.pause_end_at,
        n.upcoming_state, n.balance_owing, n.force_price_amount, n.is_staging, n.created_at)
      IS DISTINCT FROM (o.user_id, o.gym_id, o.price_id, o.start_date, o.current_period_start,
        o.current_period_end, o.cancelled_at, o.undo_cancellation_until, o.grace_period_ends_at,
        o.pause_start_at, o.pause_end_at, o.upcoming_state, o.balance_owing, o.force_price_amount,
        o.is_staging, o.created_at)
    UNION SELECT o.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.user_id <> n.user_id
  ));
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE FUNCTION member_summaries_subscriptions_deleted() RETURNS trigger
LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM member_summaries_refresh(ARRAY(SELECT DISTINCT o.user_id FROM old_rows o WHERE NOT o.is_staging));
  RETURN NULL;
END
$function$;
--> statement-breakpoint
-- A new successful visit only moves the last visit forward; no need to read the member's visits again.
CREATE FUNCTION member_summaries_visits_inserted() RETURNS trigger
LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE member_summaries s SET last_visit_at = n.visited_at
  FROM (
    SELECT v.user_id, max(v.visited_at) AS visited_at FROM new_rows v WHERE v.successful GROUP BY v.user_id
  ) n
  WHERE s.user_id = n.user_id AND (s.last_visit_at IS NULL OR s.last_visit_at < n.visited_at);
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE FUNCTION member_summaries_visits_changed() RETURNS trigger
LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM member_summaries_refresh(ARRAY(SELECT DISTINCT o.user_id FROM old_rows o));
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE TRIGGER member_summaries_users_inserted AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_users_inserted();
--> statement-breakpoint
CREATE TRIGGER member_summaries_users_updated AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_users_updated();
--> statement-breakpoint
CREATE TRIGGER member_summaries_subscriptions_inserted AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_subscriptions_inserted();
--> statement-breakpoint
CREATE TRIGGER member_summaries_subscriptions_updated AFTER UPDATE ON subscriptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_subscriptions_updated();
--> statement-breakpoint
CREATE TRIGGER member_summaries_subscriptions_deleted AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_subscriptions_deleted();
--> statement-breakpoint
CREATE TRIGGER member_summaries_visits_inserted AFTER INSERT ON visits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_visits_inserted();
--> statement-breakpoint
CREATE TRIGGER member_summaries_visits_updated AFTER UPDATE ON visits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_visits_changed();
--> statement-breakpoint
CREATE TRIGGER member_summaries_visits_deleted AFTER DELETE ON visits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_visits_changed();
--> statement-breakpoint
-- member_counts follows the summaries: each statement adds its new rows and takes away its old ones per
-- organisation, gym and offering (0 for none), so a change that moves nobody writes nothing. Keys are
-- written in order, so two transactions moving members lock the count rows in the same order.
CREATE FUNCTION member_counts_apply() RETURNS trigger
LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_counts AS c (organisation_id, gym_id, offering_id, members)
    SELECT n.organisation_id, coalesce(n.gym_id, 0), coalesce(n.offering_id, 0), count(*)
    FROM new_rows n GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (organisation_id, gym_id, offering_id) DO UPDATE SET members = c.members + excluded.members;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE member_counts c SET members = c.members - d.members
    FROM (
      SELECT o.organisation_id, coalesce(o.gym_id, 0) AS gym_id, coalesce(o.offering_id, 0) AS offering_id,
        count(*) AS members
      FROM old_rows o GROUP BY 1, 2, 3
    ) d
    WHERE c.organisation_id = d.organisation_id AND c.gym_id = d.gym_id AND c.offering_id = d.offering_id;
  ELSE
    INSERT INTO member_counts AS c (organisation_id, gym_id, offering_id, members)
    SELECT organisation_id, gym_id, offering_id, sum(delta)
    FROM (
      SELECT n.organisation_id, coalesce(n.gym_id, 0) AS gym_id, coalesce(n.offering_id, 0) AS offering_id,
        1 AS delta
      FROM new_rows n
      UNION ALL
      SELECT o.organisation_id, coalesce(o.gym_id, 0), coalesce(o.offering_id, 0), -1 FROM old_rows o
    ) d
    GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (organisation_id, gym_id, offering_id) DO UPDATE SET members = c.members + excluded.members;
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE TRIGGER member_counts_inserted AFTER INSERT ON member_summaries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply();
--> statement-breakpoint
CREATE TRIGGER member_counts_updated AFTER UPDATE ON member_summaries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply();
--> statement-breakpoint
CREATE TRIGGER member_counts_deleted AFTER DELETE ON member_summaries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply();
--> statement-breakpoint
-- The members there already.
SELECT member_summaries_refresh(ARRAY(SELECT u.id FROM users u WHERE NOT u.is_staff AND u.deleted_at IS NULL));

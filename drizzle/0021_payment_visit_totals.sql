CREATE TABLE "payment_day_totals" (
	"organisation_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"gym_id" integer NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"is_retry" boolean NOT NULL,
	"payments" integer NOT NULL,
	"money" bigint NOT NULL,
	CONSTRAINT "payment_day_totals_pk" PRIMARY KEY("organisation_id","due_on","gym_id","status","type","is_retry")
);
--> statement-breakpoint
CREATE TABLE "payment_member_totals" (
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"gym_id" integer NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"is_retry" boolean NOT NULL,
	"payments" integer NOT NULL,
	"money" bigint NOT NULL,
	CONSTRAINT "payment_member_totals_pk" PRIMARY KEY("organisation_id","user_id","gym_id","status","type","is_retry")
);
--> statement-breakpoint
CREATE TABLE "visit_day_counts" (
	"organisation_id" integer NOT NULL,
	"day" date NOT NULL,
	"gym_id" integer NOT NULL,
	"successful" boolean NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "visit_day_counts_pk" PRIMARY KEY("organisation_id","day","gym_id","successful")
);
--> statement-breakpoint
CREATE TABLE "visit_member_counts" (
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"gym_id" integer NOT NULL,
	"successful" boolean NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "visit_member_counts_pk" PRIMARY KEY("organisation_id","user_id","gym_id","successful")
);
--> statement-breakpoint
DROP INDEX "payments_organisation_status_due_on_idx";--> statement-breakpoint
DROP INDEX "payments_organisation_due_on_idx";--> statement-breakpoint
DROP INDEX "visits_organisation_gym_visited_at_idx";--> statement-breakpoint
DROP INDEX "visits_organisation_visited_at_idx";--> statement-breakpoint
ALTER TABLE "payment_day_totals" ADD CONSTRAINT "payment_day_totals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_member_totals" ADD CONSTRAINT "payment_member_totals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_member_totals" ADD CONSTRAINT "payment_member_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_day_counts" ADD CONSTRAINT "visit_day_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_member_counts" ADD CONSTRAINT "visit_member_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_member_counts" ADD CONSTRAINT "visit_member_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_organisation_status_due_on_id_idx" ON "payments" USING btree ("organisation_id","status","due_on","id");--> statement-breakpoint
CREATE INDEX "payments_organisation_due_on_id_idx" ON "payments" USING btree ("organisation_id","due_on","id","status");--> statement-breakpoint
CREATE INDEX "payments_organisation_amount_id_idx" ON "payments" USING btree ("organisation_id","amount","id");--> statement-breakpoint
CREATE INDEX "payments_organisation_failed_due_on_id_idx" ON "payments" USING btree ("organisation_id","due_on","id") WHERE "payments"."status" not in ('sent', 'upcoming', 'pending_request', 'cancelled', 'refunded', 'waived');--> statement-breakpoint
CREATE INDEX "payments_organisation_retry_due_on_id_idx" ON "payments" USING btree ("organisation_id","due_on","id") WHERE "payments"."is_retry";--> statement-breakpoint
CREATE INDEX "users_organisation_not_member_idx" ON "users" USING btree ("organisation_id") WHERE "users"."is_staff" or "users"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "visits_organisation_gym_visited_at_id_idx" ON "visits" USING btree ("organisation_id","gym_id","visited_at","id");--> statement-breakpoint
CREATE INDEX "visits_organisation_visited_at_id_idx" ON "visits" USING btree ("organisation_id","visited_at","id");--> statement-breakpoint
-- The payments and visits lists' totals without their rows (ADR 028), kept by statement-level triggers
-- with transition tables, as member_counts is (ADR 026): each statement adds its new rows and takes away
-- its old ones per key, per day and per member, so a bulk insert writes each key once, an update that
-- moves no key or money (a poll count, an attempt number, a reason) writes nothing, and no write path
-- (the billing engine, a waive, a withdrawal, the seed, an import, a hand-written fix) can forget them.
-- Keys are written in order, so two transactions moving payments lock the total rows in the same order.
-- A key whose payments all moved away keeps a row of zeros.
CREATE FUNCTION payment_totals_apply() RETURNS trigger
LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payment_day_totals AS t (organisation_id, due_on, gym_id, status, type, is_retry, payments, money)
    SELECT n.organisation_id, n.due_on, n.gym_id, n.status, n.type, n.is_retry, count(*),
      sum(n.amount + n.surcharge)
    FROM new_rows n GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (organisation_id, due_on, gym_id, status, type, is_retry)
    DO UPDATE SET payments = t.payments + excluded.payments, money = t.money + excluded.money;
    INSERT INTO payment_member_totals AS t (organisation_id, user_id, gym_id, status, type, is_retry, payments, money)
    SELECT n.organisation_id, n.user_id, n.gym_id, n.status, n.type, n.is_retry, count(*),
      sum(n.amount + n.surcharge)
    FROM new_rows n GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (organisation_id, user_id, gym_id, status, type, is_retry)
    DO UPDATE SET payments = t.payments + excluded.payments, money = t.money + excluded.money;
  ELSIF TG_OP = 'DELETE' THEN
    -- Updates, not upserts: when an organisation is deleted its totals may be gone already.
    UPDATE payment_day_totals t SET payments = t.payments - d.payments, money = t.money - d.money
    FROM (
      SELECT o.organisation_id, o.due_on, o.gym_id, o.status, o.type, o.is_retry, count(*) AS payments,
        sum(o.amount + o.surcharge) AS money
      FROM old_rows o GROUP BY 1, 2, 3, 4, 5, 6
    ) d
    WHERE t.organisation_id = d.organisation_id AND t.due_on = d.due_on AND t.gym_id = d.gym_id
      AND t.status = d.status AND t.type = d.type AND t.is_retry = d.is_retry;
    UPDATE payment_member_totals t SET payments = t.payments - d.payments, money = t.money - d.money
    FROM (
      SELECT o.organisation_id, o.user_id, o.gym_id, o.status, o.type, o.is_retry, count(*) AS payments,
        sum(o.amount + o.surcharge) AS money
      FROM old_rows o GROUP BY 1, 2, 3, 4, 5, 6
    ) d
    WHERE t.organisation_id = d.organisation_id AND t.user_id = d.user_id AND t.gym_id = d.gym_id
      AND t.status = d.status AND t.type = d.type AND t.is_retry = d.is_retry;
  ELSE
    -- Each changed payment as -1 of its old key and money and +1 of its new, written to both tables in
    -- one statement (the insert in WITH runs whether or not it is read).
    WITH moved AS (
      SELECT n.organisation_id, n.due_on, n.user_id, n.gym_id, n.status, n.type, n.is_retry, 1 AS payments,
        (n.amount + n.surcharge)::bigint AS money
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.organisation_id, n.due_on, n.user_id, n.gym_id, n.status, n.type, n.is_retry, n.amount + n.surcharge)
        IS DISTINCT FROM (o.organisation_id, o.due_on, o.user_id, o.gym_id, o.status, o.type, o.is_retry,
          o.amount + o.surcharge)
      UNION ALL
      SELECT o.organisation_id, o.due_on, o.user_id, o.gym_id, o.status, o.type, o.is_retry, -1,
        -(o.amount + o.surcharge)::bigint
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (n.organisation_id, n.due_on, n.user_id, n.gym_id, n.status, n.type, n.is_retry, n.amount + n.surcharge)
        IS DISTINCT FROM (o.organisation_id, o.due_on, o.user_id, o.gym_id, o.status, o.type, o.is_retry,
          o.amount + o.surcharge)
    ), by_day AS (
      INSERT INTO payment_day_totals AS t (organisation_id, due_on, gym_id, status, type, is_retry, payments, money)
      SELECT organisation_id, due_on, gym_id, status, type, is_retry, sum(payments), sum(money)
      FROM moved
      GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(payments) <> 0 OR sum(money) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (organisation_id, due_on, gym_id, status, type, is_retry)
      DO UPDATE SET payments = t.payments + excluded.payments, money = t.money + excluded.money
    )
    INSERT INTO payment_member_totals AS t (organisation_id, user_id, gym_id, status, type, is_retry, payments, money)
    SELECT organisation_id, user_id, gym_id, status, type, is_retry, sum(payments), sum(money)
    FROM moved
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(payments) <> 0 OR sum(money) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (organisation_id, user_id, gym_id, status, type, is_retry)
    DO UPDATE SET payments = t.payments + excluded.payments, money = t.money + excluded.money;
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE TRIGGER payment_totals_inserted AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_apply();
--> statement-breakpoint
CREATE TRIGGER payment_totals_updated AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_apply();
--> statement-breakpoint
CREATE TRIGGER payment_totals_deleted AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_apply();
--> statement-breakpoint
-- The day of a visit is its Auckland calendar day (BILLING_TIME_ZONE), as the list's day filters read it.
CREATE FUNCTION visit_counts_apply() RETURNS trigger
LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO visit_day_counts AS c (organisation_id, day, gym_id, successful, visits)
    SELECT n.organisation_id, (n.visited_at AT TIME ZONE 'Pacific/Auckland')::date, n.gym_id, n.successful,
      count(*)
    FROM new_rows n GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (organisation_id, day, gym_id, successful) DO UPDATE SET visits = c.visits + excluded.visits;
    INSERT INTO visit_member_counts AS c (organisation_id, user_id, gym_id, successful, visits)
    SELECT n.organisation_id, n.user_id, n.gym_id, n.successful, count(*)
    FROM new_rows n GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (organisation_id, user_id, gym_id, successful) DO UPDATE SET visits = c.visits + excluded.visits;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE visit_day_counts c SET visits = c.visits - d.visits
    FROM (
      SELECT o.organisation_id, (o.visited_at AT TIME ZONE 'Pacific/Auckland')::date AS day, o.gym_id,
        o.successful, count(*) AS visits
      FROM old_rows o GROUP BY 1, 2, 3, 4
    ) d
    WHERE c.organisation_id = d.organisation_id AND c.day = d.day AND c.gym_id = d.gym_id
      AND c.successful = d.successful;
    UPDATE visit_member_counts c SET visits = c.visits - d.visits
    FROM (
      SELECT o.organisation_id, o.user_id, o.gym_id, o.successful, count(*) AS visits
      FROM old_rows o GROUP BY 1, 2, 3, 4
    ) d
    WHERE c.organisation_id = d.organisation_id AND c.user_id = d.user_id AND c.gym_id = d.gym_id
      AND c.successful = d.successful;
  ELSE
    WITH moved AS (
      SELECT n.organisation_id, (n.visited_at AT TIME ZONE 'Pacific/Auckland')::date AS day, n.user_id,
        n.gym_id, n.successful, 1 AS delta
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.organisation_id, n.visited_at, n.user_id, n.gym_id, n.successful)
        IS DISTINCT FROM (o.organisation_id, o.visited_at, o.user_id, o.gym_id, o.successful)
      UNION ALL
      SELECT o.organisation_id, (o.visited_at AT TIME ZONE 'Pacific/Auckland')::date, o.user_id, o.gym_id,
        o.successful, -1
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (n.organisation_id, n.visited_at, n.user_id, n.gym_id, n.successful)
        IS DISTINCT FROM (o.organisation_id, o.visited_at, o.user_id, o.gym_id, o.successful)
    ), by_day AS (
      INSERT INTO visit_day_counts AS c (organisation_id, day, gym_id, successful, visits)
      SELECT organisation_id, day, gym_id, successful, sum(delta)
      FROM moved GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (organisation_id, day, gym_id, successful) DO UPDATE SET visits = c.visits + excluded.visits
    )
    INSERT INTO visit_member_counts AS c (organisation_id, user_id, gym_id, successful, visits)
    SELECT organisation_id, user_id, gym_id, successful, sum(delta)
    FROM moved GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (organisation_id, user_id, gym_id, successful) DO UPDATE SET visits = c.visits + excluded.visits;
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE TRIGGER visit_counts_inserted AFTER INSERT ON visits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION visit_counts_apply();
--> statement-breakpoint
CREATE TRIGGER visit_counts_updated AFTER UPDATE ON visits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION visit_counts_apply();
--> statement-breakpoint
CREATE TRIGGER visit_counts_deleted AFTER DELETE ON visits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION visit_counts_apply();
--> statement-breakpoint
-- The payments and visits there already.
INSERT INTO payment_day_totals (organisation_id, due_on, gym_id, status, type, is_retry, payments, money)
SELECT organisation_id, due_on, gym_id, status, type, is_retry, count(*), sum(amount + surcharge)
FROM payments GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO payment_member_totals (organisation_id, user_id, gym_id, status, type, is_retry, payments, money)
SELECT organisation_id, user_id, gym_id, status, type, is_retry, count(*), sum(amount + surcharge)
FROM payments GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO visit_day_counts (organisation_id, day, gym_id, successful, visits)
SELECT organisation_id, (visited_at AT TIME ZONE 'Pacific/Auckland')::date, gym_id, successful, count(*)
FROM visits GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO visit_member_counts (organisation_id, user_id, gym_id, successful, visits)
SELECT organisation_id, user_id, gym_id, successful, count(*)
FROM visits GROUP BY 1, 2, 3, 4;

CREATE TABLE "payment_amount_totals" (
	"organisation_id" integer NOT NULL,
	"gym_id" integer NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"is_retry" boolean NOT NULL,
	"amount" integer NOT NULL,
	"payments" integer NOT NULL,
	"money" bigint NOT NULL,
	CONSTRAINT "payment_amount_totals_pk" PRIMARY KEY("organisation_id","gym_id","status","type","is_retry","amount")
);
--> statement-breakpoint
ALTER TABLE "payment_amount_totals" ADD CONSTRAINT "payment_amount_totals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The payments list's totals for an amount range (ADR 028): payments and money per organisation, gym,
-- status, type, retry and amount (without the surcharge, as the list's amount filter reads it), kept by
-- the payments' statement-level triggers with the day and member totals. Writes to payments wait until
-- this migration commits, so the backfill below counts every payment the function does not.
LOCK TABLE payments IN SHARE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_totals_apply() RETURNS trigger
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
    INSERT INTO payment_amount_totals AS t (organisation_id, gym_id, status, type, is_retry, amount, payments, money)
    SELECT n.organisation_id, n.gym_id, n.status, n.type, n.is_retry, n.amount, count(*),
      sum(n.amount + n.surcharge)
    FROM new_rows n GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (organisation_id, gym_id, status, type, is_retry, amount)
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
    UPDATE payment_amount_totals t SET payments = t.payments - d.payments, money = t.money - d.money
    FROM (
      SELECT o.organisation_id, o.gym_id, o.status, o.type, o.is_retry, o.amount, count(*) AS payments,
        sum(o.amount + o.surcharge) AS money
      FROM old_rows o GROUP BY 1, 2, 3, 4, 5, 6
    ) d
    WHERE t.organisation_id = d.organisation_id AND t.gym_id = d.gym_id AND t.status = d.status
      AND t.type = d.type AND t.is_retry = d.is_retry AND t.amount = d.amount;
  ELSE
    -- Each changed payment as -1 of its old key and money and +1 of its new, written to the three tables
    -- in one statement (an insert in WITH runs whether or not it is read). The amount is compared on its
    -- own too: an amount moved into the surcharge leaves the money alone but moves the amount's key.
    WITH moved AS (
      SELECT n.organisation_id, n.due_on, n.user_id, n.gym_id, n.status, n.type, n.is_retry, n.amount,
        1 AS payments, (n.amount + n.surcharge)::bigint AS money
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.organisation_id, n.due_on, n.user_id, n.gym_id, n.status, n.type, n.is_retry, n.amount,
          n.amount + n.surcharge)
        IS DISTINCT FROM (o.organisation_id, o.due_on, o.user_id, o.gym_id, o.status, o.type, o.is_retry,
          o.amount, o.amount + o.surcharge)
      UNION ALL
      SELECT o.organisation_id, o.due_on, o.user_id, o.gym_id, o.status, o.type, o.is_retry, o.amount, -1,
        -(o.amount + o.surcharge)::bigint
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (n.organisation_id, n.due_on, n.user_id, n.gym_id, n.status, n.type, n.is_retry, n.amount,
          n.amount + n.surcharge)
        IS DISTINCT FROM (o.organisation_id, o.due_on, o.user_id, o.gym_id, o.status, o.type, o.is_retry,
          o.amount, o.amount + o.surcharge)
    ), by_day AS (
      INSERT INTO payment_day_totals AS t (organisation_id, due_on, gym_id, status, type, is_retry, payments, money)
      SELECT organisation_id, due_on, gym_id, status, type, is_retry, sum(payments), sum(money)
      FROM moved
      GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(payments) <> 0 OR sum(money) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (organisation_id, due_on, gym_id, status, type, is_retry)
      DO UPDATE SET payments = t.payments + excluded.payments, money = t.money + excluded.money
    ), by_amount AS (
      INSERT INTO payment_amount_totals AS t (organisation_id, gym_id, status, type, is_retry, amount, payments, money)
      SELECT organisation_id, gym_id, status, type, is_retry, amount, sum(payments), sum(money)
      FROM moved
      GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(payments) <> 0 OR sum(money) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (organisation_id, gym_id, status, type, is_retry, amount)
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
-- The payments there already.
INSERT INTO payment_amount_totals (organisation_id, gym_id, status, type, is_retry, amount, payments, money)
SELECT organisation_id, gym_id, status, type, is_retry, amount, count(*), sum(amount + surcharge)
FROM payments GROUP BY 1, 2, 3, 4, 5, 6;

-- ADR 029: the door triggers cost the billing run ~6 % with no organisation using doors (an EXISTS per
-- changed row). Look once per statement first, and filter rows through a semi-join on the connected
-- organisations rather than a correlated lookup per row.
CREATE OR REPLACE FUNCTION door_access_queue_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM access_control_integrations) THEN
    RETURN NULL;
  END IF;
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
      AND n.organisation_id IN (SELECT a.organisation_id FROM access_control_integrations a)
    ON CONFLICT (user_id) DO UPDATE SET due_at = excluded.due_at;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO door_access_outbox (user_id, organisation_id, due_at)
    SELECT DISTINCT n.user_id, n.organisation_id, 'epoch'::timestamptz FROM new_rows n
    WHERE n.organisation_id IN (SELECT a.organisation_id FROM access_control_integrations a)
    ON CONFLICT (user_id) DO UPDATE SET due_at = excluded.due_at;
  ELSE
    INSERT INTO door_access_outbox (user_id, organisation_id, due_at)
    SELECT DISTINCT o.user_id, o.organisation_id, 'epoch'::timestamptz FROM old_rows o
    WHERE o.organisation_id IN (SELECT a.organisation_id FROM access_control_integrations a)
      AND EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id)
    ON CONFLICT (user_id) DO UPDATE SET due_at = excluded.due_at;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION door_access_queue_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM access_control_integrations) THEN
    RETURN NULL;
  END IF;
  INSERT INTO door_access_outbox (user_id, organisation_id, due_at)
  SELECT DISTINCT n.user_id, n.organisation_id, 'epoch'::timestamptz
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE o.status IS DISTINCT FROM n.status
    AND (o.status IN ('sent', 'pending_request') OR n.status IN ('sent', 'pending_request'))
    AND n.organisation_id IN (SELECT a.organisation_id FROM access_control_integrations a)
  ON CONFLICT (user_id) DO UPDATE SET due_at = excluded.due_at;
  RETURN NULL;
END $$;

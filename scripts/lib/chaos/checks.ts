import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import type { CalendarDateString } from '~/server/billing/calendar'
import { checkInvariants } from '~/server/billing/simulation/check-invariants.server'

/** The promises every chaos run is checked against, in the report's order. */
export const checkNames = [
  'no payment charged twice',
  'no member charged without a payment row',
  'balances equal what the payments say',
  'no member without door access they paid for',
  'the day finished',
  'the billing invariants',
] as const

export type CheckName = (typeof checkNames)[number]

/** Each check's broken cases, as lines (an empty list holds). */
export type CheckOutcome = Record<CheckName, string[]>

async function lines(db: Db, query: SQL): Promise<string[]> {
  const { rows } = await db.execute<Record<string, unknown>>(query)
  return rows.map((row) =>
    Object.entries(row)
      .map(([key, value]) => `${key}=${value instanceof Date ? value.toISOString() : String(value)}`)
      .join(' '),
  )
}

/**
 * The checks, read from the rows as they stand: the sandbox providers' own ledger (`sandbox_charges`,
 * what a provider took) against our payments and attempts; the stored balances against the payments
 * (the simulation's independent `owingFromPayments`, ADR 056); the sandbox door system's role
 * assignments against who paid for today.
 */
export async function runChecks(
  db: Db,
  options: { today: CalendarDateString; startedBefore: Date },
): Promise<CheckOutcome> {
  const { today } = options
  const chargedTwice = [
    // The provider took money twice for one payment (two of its attempts both charged).
    ...(await lines(
      db,
      sql`select a.payment_id, count(*)::int as charges
        from sandbox_charges c join payment_attempts a on a.idempotency_key = c.idempotency_key
        where c.status in ('succeeded', 'pending')
        group by a.payment_id having count(*) > 1`,
    )),
    // Two payments settled one period, or one one-off's retry chain.
    ...(await lines(
      db,
      sql`select subscription_id, coalesce(period_start_at::text, 'chain of ' || coalesce((meta->>'retry_of')::int, id)) as period,
          count(*)::int as paid
        from payments where status in ('sent', 'pending_request')
          and not exists (select 1 from payment_attempts a where a.payment_id = payments.id
            and a.attempt = payments.attempt and a.status = 'started')
        group by 1, 2 having count(*) > 1`,
    )),
  ]
  const chargedWithoutPayment = await lines(
    db,
    sql`select c.idempotency_key, c.status as charge, c.amount, a.payment_id, p.status as payment,
        a.attempt, p.attempt as current_attempt, s.is_staging
      from sandbox_charges c
      left join payment_attempts a on a.idempotency_key = c.idempotency_key
      left join payments p on p.id = a.payment_id
      left join subscriptions s on s.id = p.subscription_id
      where c.status in ('succeeded', 'pending')
        and (a.id is null or p.attempt <> a.attempt or s.is_staging
          or (c.status = 'succeeded' and p.status <> 'sent')
          or (c.status = 'pending' and p.status not in ('pending_request', 'sent')))`,
  )
  const invariants = await checkInvariants({ db })
  const ledger = invariants.find((result) => result.name === 'ledger balanced')
  const balances = ledger?.ok ? [] : (ledger?.examples ?? ['the ledger check did not run'])
  const otherInvariants = invariants
    .filter((result) => result.name !== 'ledger balanced' && !result.ok)
    .flatMap((result) => result.examples.map((example) => `${result.name}: ${example}`))
  const doors = await lines(
    db,
    sql`select s.id as subscription_id, u.email, g.name as gym
      from subscriptions s
      join users u on u.id = s.user_id
      join gyms g on g.id = s.gym_id
      join places pl on pl.gym_id = s.gym_id
      where not s.is_staging and s.cancelled_at is null and s.start_date <= ${today}
        and s.balance_owing = 0
        and exists (select 1 from payments p where p.subscription_id = s.id and p.status = 'sent'
          and p.period_start_at <= ${today} and p.period_end_at >= ${today})
        and not exists (select 1 from subscription_pauses sp where sp.subscription_id = s.id
          and sp.cancelled_at is null and sp.start_date <= ${today}
          and (sp.end_date is null or sp.end_date >= ${today}))
        and not exists (
          select 1 from sandbox_door_users du
          join sandbox_door_role_assignments ra on ra.user_id = du.id
          where lower(du.email) = lower(u.email) and ra.group_id::text = pl.group_id)`,
  )
  const unfinished = [
    ...(await lines(
      db,
      sql`select p.id as payment, p.due_on::text as due_on from payments p
        join subscriptions s on s.id = p.subscription_id
        where p.status = 'upcoming' and p.due_on <= ${today} and not s.is_staging and s.cancelled_at is null`,
    )),
    ...(await lines(
      db,
      sql`select a.payment_id, a.attempt, a.started_at from payment_attempts a
        where a.status = 'started' and a.started_at < ${options.startedBefore.toISOString()}::timestamptz`,
    )),
  ]
  return {
    'no payment charged twice': chargedTwice,
    'no member charged without a payment row': chargedWithoutPayment,
    'balances equal what the payments say': balances,
    'no member without door access they paid for': doors,
    'the day finished': unfinished,
    'the billing invariants': otherInvariants,
  }
}

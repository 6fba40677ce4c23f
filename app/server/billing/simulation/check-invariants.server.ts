import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { payments, subscriptions } from '~/db/schema'
import { owingFromPayments } from './owing-from-payments'
import type { InvariantResult } from './types'

const EXAMPLES = 5

type Row = Record<string, unknown>

function describeRow(row: Row): string {
  return Object.entries(row)
    .map(([key, value]) => `${key}=${value instanceof Date ? value.toISOString() : String(value)}`)
    .join(' ')
}

async function byQuery(db: Db, name: string, description: string, query: SQL): Promise<InvariantResult> {
  const { rows } = await db.execute<Row>(query)
  return {
    name,
    description,
    ok: rows.length === 0,
    violations: rows.length,
    examples: rows.slice(0, EXAMPLES).map(describeRow),
  }
}

/**
 * The stored balances against the payments themselves (`owingFromPayments`), not against
 * `recalculateBalanceOwing`, the function that wrote them: a check by the writer would repeat its
 * mistakes.
 */
async function ledgerBalanced(db: Db): Promise<InvariantResult> {
  const rows = await db
    .select({
      id: payments.id,
      subscriptionId: payments.subscriptionId,
      periodStart: payments.periodStartAt,
      // Read here, not through the engine's `chainRoot`: the check shares no helper with the writer.
      retryOf: sql<number | null>`(${payments.meta}->>'retry_of')::int`,
      status: payments.status,
      total: sql<number>`${payments.amount} + ${payments.surcharge} - ${payments.creditUsed}`.mapWith(Number),
    })
    .from(payments)
  const owing = owingFromPayments(rows)
  const stored = await db
    .select({
      id: subscriptions.id,
      balanceOwing: subscriptions.balanceOwing,
      periodsOwing: subscriptions.periodsOwing,
      gracePeriodEndsAt: subscriptions.gracePeriodEndsAt,
    })
    .from(subscriptions)
    .orderBy(subscriptions.id)
  const broken: string[] = []
  for (const row of stored) {
    const want = owing.get(row.id) ?? { balanceOwing: 0, periodsOwing: 0 }
    if (
      row.balanceOwing !== want.balanceOwing ||
      row.periodsOwing !== want.periodsOwing ||
      (row.gracePeriodEndsAt !== null) !== want.balanceOwing > 0
    ) {
      broken.push(
        `subscription_id=${row.id} balance_owing=${row.balanceOwing} (payments say ${want.balanceOwing}) ` +
          `periods_owing=${row.periodsOwing} (payments say ${want.periodsOwing}) grace_period_ends_at=${row.gracePeriodEndsAt}`,
      )
    }
  }
  return {
    name: 'ledger balanced',
    description:
      'each subscription’s balance_owing and periods_owing equal what its payments say it owes (each unpaid period its latest failed charge), with a grace period exactly when something is owed',
    ok: broken.length === 0,
    violations: broken.length,
    examples: broken.slice(0, EXAMPLES),
  }
}

/** When a cancelled membership stopped: at once for non-payment, else its renewal date (undo deadline). */
const membershipEnd = sql.raw(
  `case when 'unpaid' = any(s.cancellation_reasons) then s.cancelled_at else coalesce(s.undo_cancellation_until, s.cancelled_at) end`,
)

/**
 * The billing invariants over the whole database (DESIGN §5, issue 4 points 5 and 9). Each is a query
 * for the rows that break it; an empty answer means it holds.
 */
export async function checkInvariants(options: { db: Db }): Promise<InvariantResult[]> {
  const { db } = options
  return [
    await byQuery(
      db,
      'one charge per period',
      'at most one sent payment per (subscription, period_start_at)',
      sql`select subscription_id, period_start_at::text as period_start, count(*)::int as sent
        from payments where status = 'sent' and period_start_at is not null
        group by subscription_id, period_start_at having count(*) > 1 order by 1, 2`,
    ),
    await byQuery(
      db,
      'paid periods do not overlap',
      'no two sent payments of a subscription pay for overlapping days',
      sql`select a.subscription_id, a.id as payment, a.period_start_at::text || '..' || a.period_end_at::text as period,
          b.id as other_payment, b.period_start_at::text || '..' || b.period_end_at::text as other_period
        from payments a join payments b on b.subscription_id = a.subscription_id and b.id > a.id
        where a.status = 'sent' and b.status = 'sent' and a.period_start_at <> b.period_start_at
          and a.period_start_at < b.period_end_at and b.period_start_at < a.period_end_at
        order by 1, 2`,
    ),
    await byQuery(
      db,
      'no charge inside a pause',
      'no sent payment was due, or charged, on a paused day (start_date..end_date, inclusive)',
      sql`select p.subscription_id, p.id as payment, p.due_on::text as due_on,
          (a.started_at at time zone 'Pacific/Auckland')::date::text as charged_on,
          sp.start_date::text || '..' || sp.end_date::text as pause, p.period_start_at::text as period_start,
          p.is_retry as retry
        from payments p
        join payment_attempts a on a.payment_id = p.id and a.attempt = p.attempt
        join subscription_pauses sp on sp.subscription_id = p.subscription_id and sp.cancelled_at is null
        where p.status = 'sent' and (p.due_on between sp.start_date and sp.end_date
          or (a.started_at at time zone 'Pacific/Auckland')::date between sp.start_date and sp.end_date)
        order by 1, 2`,
    ),
    await byQuery(
      db,
      'no charge after cancellation',
      'no sent payment was charged at or after the moment its cancelled membership ended, or pays for a period from then on',
      sql`select s.id as subscription_id, p.id as payment, array_to_string(s.cancellation_reasons, ',') as reasons,
          ${membershipEnd} as ended_at, a.started_at as charged_at, p.period_start_at::text as period_start
        from subscriptions s
        join payments p on p.subscription_id = s.id and p.status = 'sent'
        left join payment_attempts a on a.payment_id = p.id and a.attempt = p.attempt
        where s.cancelled_at is not null and (a.started_at >= ${membershipEnd}
          or p.period_start_at >= (${membershipEnd} at time zone 'Pacific/Auckland')::date)
        order by 1, 2`,
    ),
    await ledgerBalanced(db),
    await byQuery(
      db,
      'every provider charge has one attempt',
      'every sandbox charge belongs to exactly one payment attempt (its idempotency key), for the payment’s amount',
      sql`select c.kind, c.idempotency_key, c.amount, c.status, count(a.id)::int as attempts,
          max(p.amount + p.surcharge - p.credit_used) as payment_total
        from sandbox_charges c
        left join payment_attempts a on a.idempotency_key = c.idempotency_key
        left join payments p on p.id = a.payment_id
        group by c.id
        having count(a.id) <> 1 or max(p.amount + p.surcharge - p.credit_used) <> c.amount
        order by c.id`,
    ),
    await byQuery(
      db,
      'provider and ledger agree',
      'money the provider took is a sent payment (its current attempt), and every sent card or bank payment was taken by the provider',
      sql`select 'taken, not sent' as problem, p.id as payment, p.status, a.attempt, p.attempt as current_attempt
          from sandbox_charges c join payment_attempts a on a.idempotency_key = c.idempotency_key
          join payments p on p.id = a.payment_id
          where c.status = 'succeeded' and (p.status <> 'sent' or a.attempt <> p.attempt)
        union all
        select 'sent, not taken', p.id, p.status, p.attempt, p.attempt
          from payments p
          where p.status = 'sent' and p.type in ('bank_account', 'stripe_card')
            and p.amount + p.surcharge - p.credit_used > 0
            and not exists (select 1 from payment_attempts a join sandbox_charges c on c.idempotency_key = a.idempotency_key
              where a.payment_id = p.id and a.attempt = p.attempt and c.status = 'succeeded')
        order by 2`,
    ),
  ]
}

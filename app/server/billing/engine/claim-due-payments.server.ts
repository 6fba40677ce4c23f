import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { PaymentProvider as PaymentProviderName } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { paymentAttempts, paymentMethods, payments, subscriptions } from '~/db/schema'
import { BILLING_TIME_ZONE, calendarDateAt } from '../calendar'
import { chargedTotal } from '../next-charge'
import { attemptIdempotencyKey } from './policy'

export interface ClaimedCharge {
  paymentId: number
  subscriptionId: number
  organisationId: number
  attempt: number
  idempotencyKey: string
  amount: number
  method: {
    type: 'bank_account' | 'stripe_card'
    reference: string
    customerReference: string | null
    accountReference: string | null
  } | null
}

/**
 * Claims up to `limit` payments due by today and, in the same transaction, stores each one's next
 * attempt with its idempotency key (DESIGN §5). `FOR UPDATE SKIP LOCKED` hands each payment to one
 * worker only; once this commits the payment is `pending_request` and no other run will claim it.
 */
export async function claimDuePayments(options: {
  db: Db
  now: Date
  limit: number
  /** The provider that will take each kind of method, recorded on the attempt. */
  providerName: (type: 'bank_account' | 'stripe_card') => PaymentProviderName
}): Promise<ClaimedCharge[]> {
  const { db, now, limit } = options
  const today = calendarDateAt(now)
  const nameOf = options.providerName
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: payments.id,
        subscriptionId: payments.subscriptionId,
        organisationId: payments.organisationId,
        attempt: payments.attempt,
        amount: payments.amount,
        surcharge: payments.surcharge,
        creditUsed: payments.creditUsed,
        methodType: paymentMethods.type,
        methodReference: paymentMethods.providerReference,
        customerReference: paymentMethods.providerCustomerReference,
        accountReference: paymentMethods.providerAccountReference,
        methodDeletedAt: paymentMethods.deletedAt,
      })
      .from(payments)
      .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
      .where(
        and(
          eq(payments.status, 'upcoming'),
          lte(payments.dueOn, today),
          inArray(payments.type, ['bank_account', 'stripe_card']),
          // Not a payment today's schedule step is about to cancel (DESIGN §5), in case this run got
          // here first (a killed or concurrent schedule step): the membership ended before it was due,
          // or its failed-payment grace period ran out with money owed.
          // Nor a join-flow membership not yet confirmed: its first charge belongs to the member's own
          // Confirm (joinMembership), never to a billing run.
          sql`not exists (
            select 1 from ${subscriptions} s where s.id = ${payments.subscriptionId} and (s.is_staging or
              (s.cancelled_at is not null and ${payments.dueOn} >=
                (coalesce(s.undo_cancellation_until, s.cancelled_at) at time zone ${BILLING_TIME_ZONE})::date)
              or (s.cancelled_at is null and s.grace_period_ends_at < ${today} and s.balance_owing > 0
                and ${payments.dueOn} >= ${today})))`,
        ),
      )
      // Oldest first, straight off `payments_status_due_on_idx`: adding `id` to the order would make
      // PostgreSQL read and sort every due payment for each batch (150 ms a claim at 100,000 due).
      .orderBy(payments.dueOn)
      .limit(limit)
      .for('update', { of: payments, skipLocked: true })
    if (due.length === 0) return []

    const claimed: ClaimedCharge[] = due.map((row) => {
      const attempt = row.attempt + 1
      const usable =
        row.methodType !== null && row.methodReference !== null && row.methodDeletedAt === null
          ? {
              type: row.methodType,
              reference: row.methodReference,
              customerReference: row.customerReference,
              accountReference: row.accountReference,
            }
          : null
      return {
        paymentId: row.id,
        subscriptionId: row.subscriptionId,
        organisationId: row.organisationId,
        attempt,
        idempotencyKey: attemptIdempotencyKey(row.id, attempt),
        amount: chargedTotal(row),
        method: usable,
      }
    })
    // One statement each for the whole batch, its rows as arrays: the keys are stored before any
    // provider is called.
    const column = <T>(pick: (charge: ClaimedCharge) => T) => sql.param(claimed.map(pick))
    const startedAt = sql`${now.toISOString()}::timestamptz`
    await tx.execute(sql`
      update ${payments} as p
      set status = 'pending_request', attempt = v.attempt, idempotency_key = v.key, updated_at = ${startedAt}
      from unnest(${column((c) => c.paymentId)}::int[], ${column((c) => c.attempt)}::int[],
        ${column((c) => c.idempotencyKey)}::text[]) as v(id, attempt, key)
      where p.id = v.id`)
    await tx.execute(sql`
      insert into ${paymentAttempts} (organisation_id, payment_id, attempt, idempotency_key, provider, status, started_at)
      select v.organisation_id, v.payment_id, v.attempt, v.key, v.provider, 'started', ${startedAt}
      from unnest(${column((c) => c.organisationId)}::int[], ${column((c) => c.paymentId)}::int[],
        ${column((c) => c.attempt)}::int[], ${column((c) => c.idempotencyKey)}::text[],
        ${column((c) => nameOf(c.method?.type ?? 'stripe_card'))}::text[])
        as v(organisation_id, payment_id, attempt, key, provider)`)
    return claimed
  })
}

/**
 * An attempt left `started` before `startedBefore` by a process that died before recording the
 * provider's answer, on a payment still waiting for that attempt: the conditions over `payment_attempts`
 * joined to `payments`, for the engine's settling and the joins' (`settleJoinsInDoubt`).
 */
export function attemptInDoubt(startedBefore: Date) {
  return and(
    eq(paymentAttempts.status, 'started'),
    isNull(paymentAttempts.finishedAt),
    lte(paymentAttempts.startedAt, startedBefore),
    eq(payments.status, 'pending_request'),
    sql`${payments.attempt} = ${paymentAttempts.attempt}`,
  )
}

/** Attempts left `started` by a worker that died before recording the provider's answer. */
export async function claimInDoubtAttempts(options: { db: Db; startedBefore: Date; limit: number }) {
  const { db, startedBefore, limit } = options
  return db
    .select({
      paymentId: paymentAttempts.paymentId,
      attempt: paymentAttempts.attempt,
      idempotencyKey: paymentAttempts.idempotencyKey,
    })
    .from(paymentAttempts)
    .innerJoin(payments, eq(payments.id, paymentAttempts.paymentId))
    .where(
      and(
        attemptInDoubt(startedBefore),
        // A join's first charge is settled by the member's next Confirm with the same key, or else by
        // the daily run's `settleJoinsInDoubt`, which confirms the membership.
        sql`not exists (select 1 from ${subscriptions} s where s.id = ${payments.subscriptionId} and s.is_staging)`,
      ),
    )
    .orderBy(paymentAttempts.startedAt)
    .limit(limit)
}

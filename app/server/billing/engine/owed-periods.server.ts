import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { paymentAttempts, paymentMethods, payments, subscriptions, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import type { PaymentProviders } from '~/server/providers/payments/payment-provider'
import { calendarDateAt } from '../calendar'
import { chooseMemberPaymentMethod } from '../member-payment-method.server'
import { owedPeriodCharge } from '../next-charge'
import { isFailedPaymentStatus, notFailedPaymentStatuses } from '../payment-statuses'
import { findCardSurcharges } from '../subscription-payment.server'
import type { ClaimedCharge } from './claim-due-payments.server'
import { attemptIdempotencyKey } from './policy'

type PaymentRow = typeof payments.$inferSelect

/** The first payment of a failed payment's retry chain: what names the owed period it belongs to. */
export const chainRoot = (payment: Pick<PaymentRow, 'id' | 'meta'>) =>
  typeof payment.meta.retry_of === 'number' ? payment.meta.retry_of : payment.id

/**
 * Every payment of the period `payment` was for: the same subscription and period start, or, for a
 * payment without a period (a one-off), its retry chain.
 */
export function samePeriodAs(
  payment: Pick<PaymentRow, 'id' | 'meta' | 'subscriptionId' | 'periodStartAt'>,
): SQL {
  const period =
    payment.periodStartAt === null
      ? sql`${payments.periodStartAt} is null and (${payments.id} = ${chainRoot(payment)}
          or ${payments.meta}->>'retry_of' = ${String(chainRoot(payment))})`
      : eq(payments.periodStartAt, payment.periodStartAt)
  return and(eq(payments.subscriptionId, payment.subscriptionId), period) as SQL
}

/**
 * `samePeriodAs` in SQL over two aliases: payment `s` is of payment `p`'s period (the same subscription
 * and period start, or for payments without a period, the same retry chain).
 */
export const sameOwedPeriodSql = sql`s.subscription_id = p.subscription_id
  and (s.period_start_at = p.period_start_at
    or (p.period_start_at is null and s.period_start_at is null
      and coalesce((s.meta->>'retry_of')::int, s.id) = coalesce((p.meta->>'retry_of')::int, p.id)))`

export const alreadyPaidMessage = 'This payment has been paid since. Nothing is owed for its period.'
export const waivedMessage = 'This payment was waived. Nothing is owed for its period.'
export const inFlightMessage =
  'A payment for this period is being processed now. Check again in a few minutes: it won’t be charged twice.'
export const notFailedMessage = 'Only a failed payment can be retried, waived or sent as a link.'

/**
 * The period a failed payment belongs to, locked for a change by hand (retry now, waive, pay by link):
 * the chain's first payment is locked first, in a statement of its own, so two people acting on one
 * period take turns and the second then reads (in a new statement) what the first wrote. Refused when
 * the period is paid, waived or has a charge in flight. Returns the period's rows, oldest first.
 */
export async function lockOwedPeriod(
  tx: Db,
  failedPaymentId: number,
): Promise<{ failed: PaymentRow; rows: PaymentRow[] }> {
  const [given] = await tx.select().from(payments).where(eq(payments.id, failedPaymentId))
  if (!given) throw new AppError('NOT_FOUND', 'Payment not found.')
  await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.id, chainRoot(given)))
    .for('update')
  const rows = await tx
    .select()
    .from(payments)
    .where(samePeriodAs(given))
    .orderBy(asc(payments.id))
    .for('update')
  const failed = rows.find((row) => row.id === given.id) ?? given
  if (rows.some((row) => row.status === 'sent')) throw new AppError('CONFLICT', alreadyPaidMessage)
  if (failed.status === 'waived') throw new AppError('CONFLICT', waivedMessage)
  if (rows.some((row) => row.status === 'pending_request')) throw new AppError('CONFLICT', inFlightMessage)
  if (!isFailedPaymentStatus(failed.status)) throw new AppError('CONFLICT', notFailedMessage)
  return { failed, rows }
}

/**
 * Claims one charge for an owed period now (staff's "Retry now", a member paying by link), through the
 * engine's own path: the period's waiting retry is taken (or, when the retries are used up, a new one
 * made), moved to today and to the chosen method, and its attempt stored with its idempotency key —
 * all in the caller's transaction, before any provider is called (ADR 012). The caller has locked the
 * period with `lockOwedPeriod`.
 */
export async function claimOwedPeriodCharge(
  tx: Db,
  options: {
    now: Date
    providers: PaymentProviders
    period: { failed: PaymentRow; rows: PaymentRow[] }
    /** The member's method to charge; by default their current one (their default, else the first saved). */
    paymentMethodId?: number
  },
): Promise<ClaimedCharge> {
  const { now, period } = options
  const { failed } = period
  const today = calendarDateAt(now)
  const method = await chargeableMethod(tx, failed.userId, options.paymentMethodId)
  if (!method) {
    throw new AppError(
      'CONFLICT',
      'The member has no card or bank account to charge. Send them a payment link.',
    )
  }
  const [settings] = [
    ...(await findCardSurcharges({ db: tx, organisationIds: [failed.organisationId] })).values(),
  ]
  const { surcharge, total } = owedPeriodCharge({ failed, type: method.type, settings })

  let retry = period.rows.find((row) => row.status === 'upcoming' && row.isRetry)
  if (!retry) {
    const [made] = await tx
      .insert(payments)
      .values(retryValues({ now, period, method, surcharge }))
      .returning()
    if (!made) throw new Error('The retry was not created')
    retry = made
  }
  const attempt = retry.attempt + 1
  const key = attemptIdempotencyKey(retry.id, attempt)
  await tx
    .update(payments)
    .set({
      status: 'pending_request',
      dueOn: today,
      paymentMethodId: method.id,
      type: method.type,
      surcharge,
      attempt,
      idempotencyKey: key,
      updatedAt: now,
    })
    .where(eq(payments.id, retry.id))
  await tx.insert(paymentAttempts).values({
    organisationId: retry.organisationId,
    paymentId: retry.id,
    attempt,
    idempotencyKey: key,
    provider: options.providers[method.type === 'stripe_card' ? 'card' : 'bank'].name,
    status: 'started',
    startedAt: now,
  })
  return {
    paymentId: retry.id,
    subscriptionId: retry.subscriptionId,
    organisationId: retry.organisationId,
    attempt,
    idempotencyKey: key,
    amount: total,
    method: method.reference
      ? {
          type: method.type,
          reference: method.reference,
          customerReference: method.customerReference,
          accountReference: method.accountReference,
        }
      : null,
  }
}

/** A new retry of an owed period whose retries are used up (or never scheduled), due today. */
function retryValues(options: {
  now: Date
  period: { failed: PaymentRow; rows: PaymentRow[] }
  method: { id: number; type: 'bank_account' | 'stripe_card' }
  surcharge: number
}): typeof payments.$inferInsert {
  const { now, period, method } = options
  const { failed } = period
  const retriesSoFar = Math.max(
    0,
    ...period.rows.map((row) => (typeof row.meta.retry_number === 'number' ? row.meta.retry_number : 0)),
  )
  return {
    organisationId: failed.organisationId,
    subscriptionId: failed.subscriptionId,
    userId: failed.userId,
    gymId: failed.gymId,
    paymentMethodId: method.id,
    destinationAccountId: failed.destinationAccountId,
    amount: failed.amount,
    surcharge: options.surcharge,
    creditUsed: failed.creditUsed,
    periodStartAt: failed.periodStartAt,
    periodEndAt: failed.periodEndAt,
    dueOn: calendarDateAt(now),
    status: 'upcoming',
    type: method.type,
    isRetry: true,
    isProRata: failed.isProRata,
    forceAmount: failed.forceAmount,
    meta: { retry_of: chainRoot(failed), retry_number: retriesSoFar + 1 },
    createdAt: now,
    updatedAt: now,
  }
}

/**
 * A member made a new method their default (ADR 027): each owed period with no retry waiting (a hard
 * decline schedules none; the three retries may be used up) gets one due today, so the next billing
 * run charges the new method. The caller moves upcoming payments to the method afterwards (type and
 * surcharge follow it).
 */
export async function scheduleRetriesForNewMethod(
  tx: Db,
  options: { now: Date; userId: number; method: { id: number; type: 'bank_account' | 'stripe_card' } },
): Promise<number> {
  const owned = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, options.userId), sql`${subscriptions.balanceOwing} > 0`))
  const failures = await findOwedFailures(
    tx,
    owned.map((row) => row.id),
  )
  if (failures.length === 0) return 0
  // Every payment of those memberships at once, grouped by period: no query per owed period.
  const all = await tx
    .select()
    .from(payments)
    .where(inArray(payments.subscriptionId, [...new Set(failures.map((failure) => failure.subscriptionId))]))
  const byPeriod = new Map<string, PaymentRow[]>()
  for (const row of all) byPeriod.set(periodKey(row), [...(byPeriod.get(periodKey(row)) ?? []), row])
  const retries = failures.flatMap((failure) => {
    const rows = byPeriod.get(periodKey(failure)) ?? []
    if (rows.some((row) => row.status === 'upcoming' || row.status === 'pending_request')) return []
    return [
      retryValues({
        now: options.now,
        period: { failed: failure, rows },
        method: options.method,
        surcharge: 0,
      }),
    ]
  })
  if (retries.length > 0) await tx.insert(payments).values(retries)
  return retries.length
}

/** The member's method to charge: the one asked for (theirs, still saved), else their current one. */
async function chargeableMethod(tx: Db, userId: number, paymentMethodId: number | undefined) {
  const saved = await tx
    .select({
      id: paymentMethods.id,
      type: paymentMethods.type,
      reference: paymentMethods.providerReference,
      customerReference: paymentMethods.providerCustomerReference,
      accountReference: paymentMethods.providerAccountReference,
      defaultPaymentMethodId: users.defaultPaymentMethodId,
    })
    .from(paymentMethods)
    .innerJoin(users, eq(users.id, paymentMethods.userId))
    .where(and(eq(paymentMethods.userId, userId), sql`${paymentMethods.deletedAt} is null`))
    .orderBy(asc(paymentMethods.id))
  if (paymentMethodId !== undefined) {
    const asked = saved.find((method) => method.id === paymentMethodId)
    if (!asked) throw new AppError('NOT_FOUND', 'Payment method not found.')
    return asked
  }
  return chooseMemberPaymentMethod({
    methods: saved,
    defaultPaymentMethodId: saved[0]?.defaultPaymentMethodId ?? null,
  })
}

/** The failed payments still owed by these subscriptions, one per owed period (its latest failure). */
export async function findOwedFailures(db: Db, subscriptionIds: readonly number[]): Promise<PaymentRow[]> {
  if (subscriptionIds.length === 0) return []
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.subscriptionId, [...subscriptionIds]),
        sql`${payments.status} not in ${notFailedPaymentStatuses}`,
      ),
    )
    .orderBy(asc(payments.dueOn), asc(payments.id))
  const latest = new Map<string, PaymentRow>()
  const paid = await db
    .select({
      subscriptionId: payments.subscriptionId,
      periodStartAt: payments.periodStartAt,
      meta: payments.meta,
      id: payments.id,
    })
    .from(payments)
    .where(and(inArray(payments.subscriptionId, [...subscriptionIds]), eq(payments.status, 'sent')))
  const paidKeys = new Set(paid.map((row) => periodKey(row)))
  for (const row of rows) {
    const key = periodKey(row)
    if (!paidKeys.has(key)) latest.set(key, row)
  }
  return [...latest.values()]
}

const periodKey = (row: Pick<PaymentRow, 'subscriptionId' | 'periodStartAt' | 'id' | 'meta'>) =>
  `${row.subscriptionId}:${row.periodStartAt ?? `payment:${chainRoot(row)}`}`

/**
 * Which of these payments can still be fixed by hand (retry now, payment link, waive): failed, not
 * waived, and their period neither paid nor being charged. One query for a page of rows.
 */
export async function findFixablePaymentIds(db: Db, paymentIds: readonly number[]): Promise<Set<number>> {
  if (paymentIds.length === 0) return new Set()
  const rows = await db.execute<{ id: number }>(sql`
    select p.id from ${payments} p
    where p.id in ${[...paymentIds]}
      and p.status not in ${notFailedPaymentStatuses}
      and not exists (
        select 1 from ${payments} s
        where ${sameOwedPeriodSql} and s.status in ('sent', 'pending_request', 'waived'))`)
  return new Set(rows.rows.map((row) => Number(row.id)))
}

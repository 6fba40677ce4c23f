import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { paymentAttempts, payments, subscriptions } from '~/db/schema'
import { type ChargeResult, REAUTHENTICATE_AKAHU } from '~/server/providers/payments/payment-provider'
import { markBankReconnectNeeded } from '~/server/services/payment-methods/mark-bank-reconnect.server'
import { recalculateBalanceOwing } from '~/server/services/subscriptions/recalculate-balance-owing.server'
import { addDays, calendarDateAt } from '../calendar'
import { billingPolicy, isHardDecline, needsMemberAction } from './policy'

/** A provider's answer for one attempt. */
export interface ChargeOutcome {
  paymentId: number
  attempt: number
  result: ChargeResult
}

export type RecordVerdict = 'recorded' | 'stale'

type PaymentRow = typeof payments.$inferSelect

interface FreshOutcome {
  outcome: ChargeOutcome
  payment: PaymentRow
}

/**
 * Writes the providers' answers for a batch of attempts in one transaction: the attempts, the payments,
 * a retry for each failure that has retries left, and the balance and grace period of the subscriptions
 * concerned. Only an attempt that is still its payment's current, unfinished one is recorded, so a late
 * or repeated answer changes nothing (`stale`). Set-based: a few statements whatever the batch size,
 * which is what lets one run charge 100,000 payments in well under a minute (issue 4 point 11).
 */
export async function recordChargeResults(options: {
  db: Db
  now: Date
  outcomes: readonly ChargeOutcome[]
}): Promise<RecordVerdict[]> {
  const { db, now, outcomes } = options
  if (outcomes.length === 0) return []
  return db.transaction(async (tx) => {
    const ids = [...new Set(outcomes.map((outcome) => outcome.paymentId))]
    const current = await tx
      .select()
      .from(payments)
      .where(and(inArray(payments.id, ids), eq(payments.status, 'pending_request')))
      .orderBy(asc(payments.id))
      .for('update')
    const open = new Map(current.map((payment) => [payment.id, payment]))
    const fresh: FreshOutcome[] = []
    const verdicts = outcomes.map((outcome): RecordVerdict => {
      const payment = open.get(outcome.paymentId)
      if (!payment || payment.attempt !== outcome.attempt) return 'stale'
      // The same attempt twice in one batch: the first answer counts.
      open.delete(outcome.paymentId)
      fresh.push({ outcome, payment })
      return 'recorded'
    })
    if (fresh.length === 0) return verdicts

    await updateAttempts(tx, now, fresh)
    await updatePayments(tx, now, fresh)
    await insertRetries(tx, now, fresh)
    await recalculateOwing(tx, now, fresh)
    await markReconnections(tx, now, fresh)
    return verdicts
  })
}

/** One answer: `recordChargeResults` for a single attempt. */
export async function recordChargeResult(options: {
  db: Db
  now: Date
  paymentId: number
  attempt: number
  result: ChargeResult
}): Promise<RecordVerdict> {
  const { db, now, paymentId, attempt, result } = options
  const [verdict] = await recordChargeResults({ db, now, outcomes: [{ paymentId, attempt, result }] })
  return verdict ?? 'stale'
}

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`

/** One column of a set-based statement, bound as a single array parameter (cast it in the SQL). */
const column = <T>(fresh: FreshOutcome[], pick: (entry: FreshOutcome) => T) => sql.param(fresh.map(pick))

const failure = (result: ChargeResult) => (result.status === 'failed' ? result : null)

/** Pending: `unknown` with the provider's reference; succeeded or failed: finished. */
async function updateAttempts(tx: Db, now: Date, fresh: FreshOutcome[]) {
  const col = <T>(pick: (entry: FreshOutcome) => T) => column(fresh, pick)
  await tx.execute(sql`
    update ${paymentAttempts} as a
    set status = v.status, provider_reference = v.reference, error_code = v.error_code,
      error_message = v.error_message,
      finished_at = case when v.finished then ${at(now)} else a.finished_at end
    from unnest(
      ${col((e) => e.outcome.paymentId)}::int[],
      ${col((e) => e.outcome.attempt)}::int[],
      ${col((e) => (e.outcome.result.status === 'pending' ? 'unknown' : e.outcome.result.status))}::text[],
      ${col((e) => e.outcome.result.reference)}::text[],
      ${col((e) => failure(e.outcome.result)?.errorStatus ?? null)}::text[],
      ${col((e) => failure(e.outcome.result)?.errorDescription ?? null)}::text[],
      ${col((e) => e.outcome.result.status !== 'pending')}::boolean[]
    ) as v(payment_id, attempt, status, reference, error_code, error_message, finished)
    where a.payment_id = v.payment_id and a.attempt = v.attempt`)
}

const paymentStatusFor = { pending: 'pending_request', succeeded: 'sent', failed: 'failed' } as const

/**
 * Pending keeps `pending_request` and gains the provider's reference; succeeded becomes `sent` (errors
 * cleared); failed becomes `failed` with the provider's reason. A null reference keeps the stored one.
 */
async function updatePayments(tx: Db, now: Date, fresh: FreshOutcome[]) {
  const col = <T>(pick: (entry: FreshOutcome) => T) => column(fresh, pick)
  const bank = (entry: FreshOutcome) => entry.payment.type === 'bank_account'
  await tx.execute(sql`
    update ${payments} as p
    set status = v.status,
      error_status = case when v.status = 'pending_request' then p.error_status else v.error_status end,
      error_description = case when v.status = 'pending_request' then p.error_description else v.error_description end,
      paid_at = case when v.status = 'sent' then ${at(now)} else p.paid_at end,
      akahu_payment_id = coalesce(v.akahu_payment_id, p.akahu_payment_id),
      stripe_id = coalesce(v.stripe_id, p.stripe_id),
      updated_at = ${at(now)}
    from unnest(
      ${col((e) => e.payment.id)}::int[],
      ${col((e) => paymentStatusFor[e.outcome.result.status])}::text[],
      ${col((e) => failure(e.outcome.result)?.errorStatus ?? null)}::text[],
      ${col((e) => failure(e.outcome.result)?.errorDescription ?? null)}::text[],
      ${col((e) => (bank(e) ? e.outcome.result.reference : null))}::text[],
      ${col((e) => (bank(e) ? null : e.outcome.result.reference))}::text[]
    ) as v(id, status, error_status, error_description, akahu_payment_id, stripe_id)
    where p.id = v.id`)
}

/** Retries form a chain from the first failed payment of the period (`meta.retry_of`). */
async function insertRetries(tx: Db, now: Date, fresh: FreshOutcome[]) {
  const retries = fresh.flatMap(({ outcome, payment }) => {
    if (outcome.result.status !== 'failed') return []
    // A lost card or a closed account fails every retry: the period waits for a new method instead.
    if (isHardDecline(outcome.result.errorStatus)) return []
    // Nor one the member must approve themselves: their payment link asks them to (ADR 036).
    if (needsMemberAction(outcome.result.errorStatus)) return []
    const retryOf = typeof payment.meta.retry_of === 'number' ? payment.meta.retry_of : payment.id
    const retriesSoFar = typeof payment.meta.retry_number === 'number' ? payment.meta.retry_number : 0
    const delay = billingPolicy.retryDelaysDays[retriesSoFar]
    if (delay === undefined) return []
    return [
      {
        organisationId: payment.organisationId,
        subscriptionId: payment.subscriptionId,
        userId: payment.userId,
        gymId: payment.gymId,
        paymentMethodId: payment.paymentMethodId,
        destinationAccountId: payment.destinationAccountId,
        amount: payment.amount,
        surcharge: payment.surcharge,
        creditUsed: payment.creditUsed,
        periodStartAt: payment.periodStartAt,
        periodEndAt: payment.periodEndAt,
        dueOn: addDays(calendarDateAt(now), delay),
        status: 'upcoming' as const,
        type: payment.type,
        isRetry: true,
        isProRata: payment.isProRata,
        forceAmount: payment.forceAmount,
        meta: { retry_of: retryOf, retry_number: retriesSoFar + 1 },
        createdAt: now,
        updatedAt: now,
      },
    ]
  })
  if (retries.length > 0) await tx.insert(payments).values(retries)
}

/**
 * Balance and grace in the same transaction as the payments, so they can never disagree. A failure
 * always changes what is owed; a success only when the subscription owed something (a retry paying an
 * owed period): a success on a subscription that owed nothing leaves it owing nothing, so its row is
 * not touched (nor locked, which would make the schedule step skip it). The subscriptions recalculated
 * are locked first, in id order, so two batches recording for one subscription take turns and the
 * second sees the first's payments.
 */
async function recalculateOwing(tx: Db, now: Date, fresh: FreshOutcome[]) {
  const organisationOf = new Map<number, number>()
  const failed = new Set<number>()
  const succeeded = new Set<number>()
  for (const { outcome, payment } of fresh) {
    organisationOf.set(payment.subscriptionId, payment.organisationId)
    if (outcome.result.status === 'failed') failed.add(payment.subscriptionId)
    else if (outcome.result.status === 'succeeded') succeeded.add(payment.subscriptionId)
  }
  const recalculate = new Set(failed)
  const check = [...succeeded].filter((id) => !failed.has(id))
  if (check.length > 0) {
    const owing = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.id, check),
          sql`(${subscriptions.balanceOwing} <> 0 or ${subscriptions.periodsOwing} <> 0 or ${subscriptions.gracePeriodEndsAt} is not null)`,
        ),
      )
    for (const { id } of owing) recalculate.add(id)
  }
  if (recalculate.size === 0) return

  const ids = [...recalculate].sort((a, b) => a - b)
  await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(inArray(subscriptions.id, ids))
    .orderBy(asc(subscriptions.id))
    .for('update')
  const byOrganisation = new Map<number, number[]>()
  for (const id of ids) {
    const organisationId = organisationOf.get(id)
    if (organisationId === undefined) continue
    byOrganisation.set(organisationId, [...(byOrganisation.get(organisationId) ?? []), id])
  }
  for (const [organisationId, subscriptionIds] of byOrganisation) {
    await recalculateBalanceOwing({ db: tx, now, organisationId, subscriptionIds })
  }
}

/** A bank consent that ended: the member is asked to connect again and the method is marked (SPEC §3). */
async function markReconnections(tx: Db, now: Date, fresh: FreshOutcome[]) {
  const ended = fresh.filter(({ outcome }) => failure(outcome.result)?.errorStatus === REAUTHENTICATE_AKAHU)
  if (ended.length === 0) return
  await markBankReconnectNeeded(tx, {
    now,
    userIds: ended.map(({ payment }) => payment.userId),
    paymentMethodIds: ended.flatMap(({ payment }) =>
      payment.paymentMethodId === null ? [] : [payment.paymentMethodId],
    ),
  })
}

/**
 * Counts one poll of each of these pending bank payments. The rows are locked in id order first, as
 * `recordChargeResults` locks them: a plain `update … where id in (…)` locks them in whatever order the
 * table gives, and against another run recording the same payments that made a deadlock (seen once in
 * CI, `engine.test.ts` "two runs at once").
 */
export async function countPolls(options: { db: Db; paymentIds: readonly number[] }) {
  if (options.paymentIds.length === 0) return
  const inOrder = options.db
    .select({ id: payments.id })
    .from(payments)
    .where(inArray(payments.id, [...options.paymentIds]))
    .orderBy(asc(payments.id))
    .for('update')
  await options.db
    .update(payments)
    .set({ pollCount: sql`${payments.pollCount} + 1` })
    .where(inArray(payments.id, inOrder))
}

/** Counts one poll of a pending bank payment. */
export async function countPoll(options: { db: Db; paymentId: number }) {
  await countPolls({ db: options.db, paymentIds: [options.paymentId] })
}

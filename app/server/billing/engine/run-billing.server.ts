import { and, eq, lte } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { paymentAttempts, paymentMethods, payments } from '~/db/schema'
import { safeErrorMessage } from '~/server/loggable-error.server'
import { logger } from '~/server/logger.server'
import {
  type ChargeRequest,
  type ChargeResult,
  chargeAll,
  type PaymentProviders,
  pollAll,
} from '~/server/providers/payments/payment-provider'
import {
  estimateProviderTime,
  type ProviderTimeEstimate,
  paceKeyFor,
} from '~/server/providers/payments/provider-pace'
import { type ClaimedCharge, claimDuePayments, claimInDoubtAttempts } from './claim-due-payments.server'
import { billingPolicy } from './policy'
import {
  type ChargeOutcome,
  countPolls,
  recordChargeResult,
  recordChargeResults,
} from './record-charge-result.server'

export interface BillingRunStats {
  claimed: number
  succeeded: number
  failed: number
  pending: number
  settledInDoubt: number
  polled: number
  /**
   * Milliseconds in each part of the run (claim, charge and record summed over the lanes, which
   * overlap): where a slow run spends its time.
   */
  timings: { settleMs: number; claimMs: number; chargeMs: number; recordMs: number; pollMs: number }
  /** What the provider calls of this run take at each provider's documented pace (ADR 051). */
  providerTime: ProviderTimeEstimate[]
}

const providerKind = (type: 'bank_account' | 'stripe_card') => (type === 'stripe_card' ? 'card' : 'bank')

const noMethod: ChargeResult = {
  status: 'failed',
  reference: null,
  errorStatus: 'no_payment_method',
  errorDescription: 'The member has no payment method to charge.',
}

/**
 * One billing run (DESIGN §5): settle attempts a dead worker left in doubt, charge everything due in
 * batches, then poll pending bank payments. Any number of runs may overlap: claims use
 * `FOR UPDATE SKIP LOCKED`, keys are stored before the provider is called, and a result is recorded
 * only against the attempt it belongs to.
 *
 * A batch is claimed in one transaction, charged through each provider's batch call (`chargeAll`: one
 * statement for the sandboxes, `billingPolicy.concurrency` single charges at once for a provider without
 * one), and its answers recorded together in one more transaction: a worker killed in between leaves the whole batch in doubt, which
 * costs a look-up per attempt later but never a second charge (tests/integration/billing/chaos.test.ts).
 */
export async function runBilling(options: {
  db: Db
  providers: PaymentProviders
  now: Date
  batchSize?: number
  /** Stop after this many batches (tests); by default until nothing is due. */
  maxBatches?: number
  /** Batches worked on at once (default `billingPolicy`); a transaction passed as `db` needs 1. */
  lanes?: number
}): Promise<BillingRunStats> {
  const { db, providers, now } = options
  const stats: BillingRunStats = {
    claimed: 0,
    succeeded: 0,
    failed: 0,
    pending: 0,
    settledInDoubt: 0,
    polled: 0,
    timings: { settleMs: 0, claimMs: 0, chargeMs: 0, recordMs: 0, pollMs: 0 },
    providerTime: [],
  }
  const { timings } = stats
  const since = (started: number) => performance.now() - started
  // Calls per limiter key and provider, for the estimate of the provider's time.
  const calls = { card: new Map<string, number>(), bank: new Map<string, number>() }
  const count = (result: ChargeResult) => {
    if (result.status === 'succeeded') stats.succeeded += 1
    else if (result.status === 'failed') stats.failed += 1
    else stats.pending += 1
  }

  let started = performance.now()
  stats.settledInDoubt = await settleInDoubtAttempts({ db, providers, now })
  timings.settleMs = since(started)

  const providerName = (type: 'bank_account' | 'stripe_card') => providers[providerKind(type)].name
  let batches = 0
  // Each lane claims, charges and records batches of its own (SKIP LOCKED keeps them apart), so one
  // lane's database work overlaps another's provider calls.
  let failed = false
  const lane = async () => {
    while (!failed && (options.maxBatches === undefined || batches < options.maxBatches)) {
      batches += 1
      let step = performance.now()
      const claimed = await claimDuePayments({
        db,
        now,
        limit: options.batchSize ?? billingPolicy.batchSize,
        providerName,
      })
      timings.claimMs += since(step)
      if (claimed.length === 0) return
      stats.claimed += claimed.length
      for (const charge of claimed) {
        if (!charge.method) continue
        const kind = providerKind(charge.method.type)
        const key = paceKeyFor(providers[kind].pace, charge.method)
        calls[kind].set(key, (calls[kind].get(key) ?? 0) + 1)
      }
      step = performance.now()
      const outcomes = await chargeBatch({ providers, now, charges: claimed })
      timings.chargeMs += since(step)
      step = performance.now()
      // The batch's answers in one transaction; a crash before it leaves them in doubt, settled later.
      const verdicts = await recordChargeResults({ db, now, outcomes })
      timings.recordMs += since(step)
      outcomes.forEach((outcome, index) => {
        if (verdicts[index] === 'recorded') count(outcome.result)
      })
    }
  }
  // After an error the other lanes stop too, so nothing runs on once the run has failed.
  const guarded = () =>
    lane().catch((error: unknown) => {
      failed = true
      throw error
    })
  await Promise.all(Array.from({ length: options.lanes ?? billingPolicy.lanes }, guarded))

  started = performance.now()
  stats.polled = await pollPendingPayments({ db, providers, now })
  timings.pollMs = since(started)
  stats.providerTime = (['card', 'bank'] as const).map((kind) =>
    estimateProviderTime({ provider: providers[kind].name, pace: providers[kind].pace, keys: calls[kind] }),
  )
  return stats
}

/**
 * Charges a claimed batch: each provider takes its share in one `chargeAll` call (its batch method, or
 * `billingPolicy.concurrency` single charges at once). Answers come back for the charges whose outcome
 * is known; one whose call failed stays `started` and is settled later by asking the provider.
 */
async function chargeBatch(options: {
  providers: PaymentProviders
  now: Date
  charges: readonly ClaimedCharge[]
}): Promise<ChargeOutcome[]> {
  const { providers, now } = options
  const outcomes: ChargeOutcome[] = []
  const outcome = (charge: ClaimedCharge, result: ChargeResult) =>
    outcomes.push({ paymentId: charge.paymentId, attempt: charge.attempt, result })
  const byKind = { card: [] as ClaimedCharge[], bank: [] as ClaimedCharge[] }
  const requests = { card: [] as ChargeRequest[], bank: [] as ChargeRequest[] }
  for (const charge of options.charges) {
    if (!charge.method) outcome(charge, noMethod)
    else if (charge.amount <= 0) outcome(charge, zeroCharge(charge))
    else {
      const kind = providerKind(charge.method.type)
      byKind[kind].push(charge)
      requests[kind].push(chargeRequest(charge, charge.method, now))
    }
  }
  await Promise.all(
    (['card', 'bank'] as const).map(async (kind) => {
      const charges = byKind[kind]
      const answers = await chargeAll(providers[kind], requests[kind], billingPolicy.concurrency)
      answers.forEach((answer, index) => {
        const charge = charges[index] as ClaimedCharge
        if (answer.status === 'fulfilled') outcome(charge, answer.value)
        else unknownOutcome(charge, answer.reason)
      })
    }),
  )
  return outcomes
}

const zeroCharge = (charge: ClaimedCharge): ChargeResult => ({
  status: 'succeeded',
  reference: `zero-${charge.idempotencyKey}`,
})

function chargeRequest(
  charge: ClaimedCharge,
  method: ChargeRequest['method'],
  now: Date,
  onSession?: ChargeRequest['onSession'],
): ChargeRequest {
  return {
    idempotencyKey: charge.idempotencyKey,
    amount: charge.amount,
    currency: 'nzd',
    method,
    description: 'Gym membership',
    metadata: {
      paymentId: charge.paymentId,
      subscriptionId: charge.subscriptionId,
      organisationId: charge.organisationId,
    },
    now,
    ...(onSession ? { onSession } : {}),
  }
}

/** An exception means the outcome is unknown: the attempt stays `started` and is settled later. */
function unknownOutcome(charge: ClaimedCharge, error: unknown) {
  logger.warn(
    { paymentId: charge.paymentId, attempt: charge.attempt, err: { message: errorMessage(error) } },
    'charge outcome unknown; it will be settled by asking the provider',
  )
}

/**
 * One claimed charge through its provider: its answer, or undefined when the outcome is unknown.
 * `onSession`: the member is here to approve it if their bank asks (the payment link's page).
 */
export async function chargeOnce(options: {
  providers: PaymentProviders
  now: Date
  charge: ClaimedCharge
  onSession?: ChargeRequest['onSession']
}): Promise<ChargeResult | undefined> {
  const { providers, now, charge } = options
  if (!charge.method) return noMethod
  if (charge.amount <= 0) return zeroCharge(charge)
  try {
    return await providers[providerKind(charge.method.type)].charge(
      chargeRequest(charge, charge.method, now, options.onSession),
    )
  } catch (error) {
    unknownOutcome(charge, error)
    return undefined
  }
}

/**
 * Attempts whose worker died after storing the key: ask the provider what happened to that key. A
 * known charge is recorded as it stands; an unknown key was never charged, so it is charged now with
 * the same key (the provider cannot charge a key twice).
 */
export async function settleInDoubtAttempts(options: { db: Db; providers: PaymentProviders; now: Date }) {
  const { db, providers, now } = options
  const startedBefore = new Date(now.getTime() - billingPolicy.inDoubtAfterMs)
  let settled = 0
  for (;;) {
    const inDoubt = await claimInDoubtAttempts({ db, startedBefore, limit: billingPolicy.batchSize })
    if (inDoubt.length === 0) return settled
    let progressed = false
    for (const attempt of inDoubt) {
      const [row] = await db
        .select({
          type: payments.type,
          amount: payments.amount,
          surcharge: payments.surcharge,
          creditUsed: payments.creditUsed,
          subscriptionId: payments.subscriptionId,
          organisationId: payments.organisationId,
          paymentMethodId: payments.paymentMethodId,
        })
        .from(payments)
        .where(eq(payments.id, attempt.paymentId))
      if (!row || (row.type !== 'bank_account' && row.type !== 'stripe_card')) continue
      const provider = providers[providerKind(row.type)]
      const method = await methodOf(db, row.paymentMethodId)
      let result: ChargeResult | null
      try {
        result = await provider.findCharge({ idempotencyKey: attempt.idempotencyKey, method })
      } catch (error) {
        // The provider cannot say now: this attempt waits for the next run; the others are still settled.
        logger.warn(
          { paymentId: attempt.paymentId, attempt: attempt.attempt, err: { message: errorMessage(error) } },
          'charge in doubt not looked up; asked again at the next run',
        )
        continue
      }
      if (!result) {
        result =
          (await chargeOnce({
            providers,
            now,
            charge: {
              paymentId: attempt.paymentId,
              subscriptionId: row.subscriptionId,
              organisationId: row.organisationId,
              attempt: attempt.attempt,
              idempotencyKey: attempt.idempotencyKey,
              amount: row.amount + row.surcharge - row.creditUsed,
              method,
            },
          })) ?? null
      }
      if (!result) continue
      if ((await recordChargeResult({ db, now, ...attempt, result })) === 'recorded') {
        settled += 1
        progressed = true
      }
    }
    if (!progressed) return settled
  }
}

async function methodOf(db: Db, paymentMethodId: number | null): Promise<ClaimedCharge['method']> {
  if (paymentMethodId === null) return null
  const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, paymentMethodId))
  return chargeMethodOf(method)
}

/** What of a saved method a charge needs (`chargeMethodOf`), for a query to select beside its payment. */
export const chargeMethodColumns = {
  type: paymentMethods.type,
  providerReference: paymentMethods.providerReference,
  providerCustomerReference: paymentMethods.providerCustomerReference,
  providerAccountReference: paymentMethods.providerAccountReference,
  deletedAt: paymentMethods.deletedAt,
}

/** A saved method as a provider charges it: null when it is gone or was never saved at the provider. */
export function chargeMethodOf(
  method: Pick<typeof paymentMethods.$inferSelect, keyof typeof chargeMethodColumns> | null | undefined,
): ClaimedCharge['method'] {
  if (!method?.providerReference || method.deletedAt) return null
  return {
    type: method.type,
    reference: method.providerReference,
    customerReference: method.providerCustomerReference,
    accountReference: method.providerAccountReference,
  }
}

/**
 * Payments the provider still has pending (bank payments; a card charge Stripe left `processing` or one
 * waiting for the member's approval): ask again, record what has settled. A payment sent less than
 * `billingPolicy.pollAfterMs` ago is left until a later poll (no bank settles that fast). A charge
 * waiting for the member's approval for longer than `billingPolicy.actionAbandonedAfterMs` was left:
 * it is cancelled at the provider and recorded as it ends. A provider that cannot answer about a
 * payment now leaves it for the next poll; the other payments are still settled.
 */
export async function pollPendingPayments(options: { db: Db; providers: PaymentProviders; now: Date }) {
  const { db, providers, now } = options
  const pending = await db
    .select({
      paymentId: paymentAttempts.paymentId,
      attempt: paymentAttempts.attempt,
      reference: paymentAttempts.providerReference,
      startedAt: paymentAttempts.startedAt,
      type: payments.type,
      // Card charges live on the gym's account: asked about with the card, read here in the same query.
      method: chargeMethodColumns,
    })
    .from(paymentAttempts)
    .innerJoin(payments, eq(payments.id, paymentAttempts.paymentId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(
      and(
        eq(paymentAttempts.status, 'unknown'),
        eq(payments.status, 'pending_request'),
        lte(paymentAttempts.startedAt, new Date(now.getTime() - billingPolicy.pollAfterMs)),
      ),
    )
  let polled = 0
  for (let from = 0; from < pending.length; from += billingPolicy.batchSize) {
    const chunk = pending.slice(from, from + billingPolicy.batchSize)
    const asked: number[] = []
    const settled: ChargeOutcome[] = []
    // Each provider is asked about its share of the chunk in one `pollAll` call. Card charges live on
    // the gym's account, so each is asked about with the method it was charged to.
    for (const kind of ['card', 'bank'] as const) {
      const rows = chunk.flatMap((row) =>
        row.reference &&
        (row.type === 'bank_account' || row.type === 'stripe_card') &&
        providerKind(row.type) === kind
          ? [{ ...row, reference: row.reference }]
          : [],
      )
      if (rows.length === 0) continue
      const provider = providers[kind]
      const answers =
        kind === 'bank'
          ? await pollAll(
              provider,
              { references: rows.map((row) => row.reference), now },
              billingPolicy.concurrency,
            )
          : await Promise.allSettled(
              rows.map((row) =>
                provider.pollCharge({ reference: row.reference, now, method: chargeMethodOf(row.method) }),
              ),
            )
      for (const [index, answer] of answers.entries()) {
        const row = rows[index]
        if (!row) continue
        if (answer.status === 'rejected') {
          logger.warn(
            { paymentId: row.paymentId, attempt: row.attempt, err: { message: errorMessage(answer.reason) } },
            'pending payment not polled; asked again at the next poll',
          )
          continue
        }
        asked.push(row.paymentId)
        let result = answer.value
        if (
          result.status === 'pending' &&
          result.action &&
          provider.cancelCharge &&
          row.startedAt.getTime() <= now.getTime() - billingPolicy.actionAbandonedAfterMs
        ) {
          const method = chargeMethodOf(row.method)
          result = await provider.cancelCharge({ reference: row.reference, now, method }).catch(() => result)
        }
        if (result.status !== 'pending')
          settled.push({ paymentId: row.paymentId, attempt: row.attempt, result })
      }
    }
    await countPolls({ db, paymentIds: asked })
    await recordChargeResults({ db, now, outcomes: settled })
    polled += asked.length
  }
  return polled
}

function errorMessage(error: unknown) {
  return safeErrorMessage(error)
}

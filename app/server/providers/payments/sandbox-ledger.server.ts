import { createHash, randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { PaymentProvider as PaymentProviderName } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { type SandboxChargeKind, sandboxCharges } from '~/db/schema/sandbox'
import {
  AUTHENTICATION_FAILED,
  ChargeNotFoundError,
  type ChargeRequest,
  type ChargeResult,
  IdempotencyKeyReusedError,
  type PaymentProvider,
  PaymentProviderUnavailableError,
  providerKindFor,
} from './payment-provider'

/**
 * The machinery both sandboxes share: the `sandbox_charges` ledger, idempotent recording, replay,
 * look-up by key, polling and the fault knobs. Each sandbox only decides outcomes from its test values.
 */

/** Knobs for chaos tests: a slow provider, or one whose answer is lost after it recorded the charge. */
export interface SandboxFaults {
  /** Waits this long before the charge is recorded (a request still on its way). */
  delayMs?: number
  /** Waits this long after the charge is recorded, before answering (an answer on its way back). */
  delayAfterRecordMs?: number
  /**
   * Records the charge, then throws `PaymentProviderUnavailableError` instead of answering, like a
   * connection lost after the provider took the money. A function is asked on every call.
   */
  failAfterRecordBeforeReturn?: boolean | (() => boolean)
}

export interface SandboxOptions {
  /** The app's database (not a transaction: the provider's ledger commits on its own). */
  db: Db
  faults?: SandboxFaults
}

/** A final outcome. */
export type SandboxOutcome =
  | { status: 'succeeded' }
  | { status: 'failed'; errorStatus: string; errorDescription: string }

/** What a sandbox decides for a new charge, from its test value. */
export type SandboxDecision =
  /** Refused before anything is created (unknown payment method, amount too small): not recorded. */
  | { kind: 'refused'; errorStatus: string; errorDescription: string }
  /** Final at once (cards). */
  | { kind: 'final'; testValue: string; outcome: SandboxOutcome }
  /** `pending` until `settlesAt`, then settled by the first poll at or after it (bank). */
  | { kind: 'deferred'; testValue: string; settlesAt: Date }
  /** On-session, `pending` until the member approves it or not (`completeSandboxCardAction`), or it is cancelled. */
  | { kind: 'action'; testValue: string }

interface LedgerConfig {
  kind: SandboxChargeKind
  name: PaymentProviderName
  /** Prefix of charge references, e.g. `pi_sandbox_`. */
  referencePrefix: string
  decide(request: ChargeRequest): SandboxDecision
  /** The final outcome of a deferred charge, from the test value it was recorded with. */
  settle(testValue: string | null): SandboxOutcome
}

type SandboxChargeRow = typeof sandboxCharges.$inferSelect

/** Longest idempotency key accepted, as Stripe's `Idempotency-Key`. */
const MAX_IDEMPOTENCY_KEY_LENGTH = 255

export function createSandboxProvider(config: LedgerConfig, options: SandboxOptions): PaymentProvider {
  const { db, faults = {} } = options

  async function findByKeys(idempotencyKeys: readonly string[]): Promise<SandboxChargeRow[]> {
    if (idempotencyKeys.length === 0) return []
    return db
      .select()
      .from(sandboxCharges)
      .where(
        and(
          inArray(sandboxCharges.idempotencyKey, [...idempotencyKeys]),
          eq(sandboxCharges.kind, config.kind),
        ),
      )
  }

  /**
   * Every request of a batch is recorded in one statement (`ON CONFLICT DO NOTHING` on the key), and the
   * keys seen before are read back in one more; each request is then answered as on its own.
   */
  async function chargeMany(
    requests: readonly ChargeRequest[],
  ): Promise<PromiseSettledResult<ChargeResult>[]> {
    const answers: PromiseSettledResult<ChargeResult>[] = new Array(requests.length)
    const valid: number[] = []
    requests.forEach((request, index) => {
      try {
        validateRequest(config.kind, request)
        valid.push(index)
      } catch (reason) {
        answers[index] = { status: 'rejected', reason }
      }
    })
    if (valid.length === 0) return answers
    if (faults.delayMs) await sleep(faults.delayMs)

    const recorded: { index: number; request: ChargeRequest; fingerprint: string }[] = []
    const rows: (typeof sandboxCharges.$inferInsert)[] = []
    for (const index of valid) {
      const request = requests[index] as ChargeRequest
      const decision = config.decide(request)
      if (decision.kind === 'refused') {
        answers[index] = {
          status: 'fulfilled',
          value: {
            status: 'failed',
            reference: null,
            errorStatus: decision.errorStatus,
            errorDescription: decision.errorDescription,
          },
        }
        continue
      }
      const fingerprint = requestFingerprint(config.kind, request)
      recorded.push({ index, request, fingerprint })
      rows.push(newCharge(config, request, decision, fingerprint))
    }
    if (recorded.length === 0) return answers

    const inserted = await db
      .insert(sandboxCharges)
      .values(rows)
      .onConflictDoNothing({ target: sandboxCharges.idempotencyKey })
      .returning()
    const byKey = new Map(inserted.map((row) => [row.idempotencyKey, row]))
    // Keys seen before (or twice in this batch): replay the first answer, as long as it is the same request.
    const seen = recorded.map((entry) => entry.request.idempotencyKey).filter((key) => !byKey.has(key))
    for (const row of await findByKeys([...new Set(seen)])) byKey.set(row.idempotencyKey, row)

    if (faults.delayAfterRecordMs) await sleep(faults.delayAfterRecordMs)
    const lose = faults.failAfterRecordBeforeReturn
    for (const { index, request, fingerprint } of recorded) {
      const row = byKey.get(request.idempotencyKey)
      if (!row || row.requestFingerprint !== fingerprint) {
        answers[index] = { status: 'rejected', reason: new IdempotencyKeyReusedError(request.idempotencyKey) }
      } else if (typeof lose === 'function' ? lose() : lose) {
        answers[index] = {
          status: 'rejected',
          reason: new PaymentProviderUnavailableError('The payment provider did not answer (sandbox fault)'),
        }
      } else {
        answers[index] = { status: 'fulfilled', value: firstAnswer(row) }
      }
    }
    return answers
  }

  /**
   * Counting the polls and reading the charges is one statement (most polls find them still pending);
   * the charges due to settle are settled in one more. A reference given twice is counted once.
   */
  async function pollCharges(query: {
    references: readonly string[]
    now: Date
  }): Promise<PromiseSettledResult<ChargeResult>[]> {
    const { references, now } = query
    if (references.length === 0) return []
    const polled = await db
      .update(sandboxCharges)
      .set({ pollCount: sql`${sandboxCharges.pollCount} + 1` })
      .where(
        and(
          inArray(sandboxCharges.reference, [...new Set(references)]),
          eq(sandboxCharges.kind, config.kind),
        ),
      )
      .returning()
    const byReference = new Map(polled.map((row) => [row.reference, row]))

    const due = polled.filter(
      (row) => row.status === 'pending' && row.settlesAt && row.settlesAt.getTime() <= now.getTime(),
    )
    if (due.length > 0) {
      const outcomes = due.map((row) => config.settle(row.testValue))
      const param = <T>(pick: (outcome: SandboxOutcome) => T) => sql.param(outcomes.map(pick))
      // Only a still-pending charge settles, so two polls at once agree on one outcome.
      const settled = await db.execute<{ id: number }>(sql`
        update ${sandboxCharges} as s
        set status = v.status, error_status = v.error_status, error_description = v.error_description,
          settled_at = ${now.toISOString()}::timestamptz
        from unnest(
          ${sql.param(due.map((row) => row.id))}::int[],
          ${param((outcome) => outcome.status)}::text[],
          ${param((outcome) => (outcome.status === 'failed' ? outcome.errorStatus : null))}::text[],
          ${param((outcome) => (outcome.status === 'failed' ? outcome.errorDescription : null))}::text[]
        ) as v(id, status, error_status, error_description)
        where s.id = v.id and s.status = 'pending'
        returning s.id`)
      const settledIds = new Set(settled.rows.map((row) => Number(row.id)))
      due.forEach((row, index) => {
        const outcome = outcomes[index] as SandboxOutcome
        if (!settledIds.has(row.id)) return
        byReference.set(row.reference, {
          ...row,
          status: outcome.status,
          errorStatus: outcome.status === 'failed' ? outcome.errorStatus : null,
          errorDescription: outcome.status === 'failed' ? outcome.errorDescription : null,
          settledAt: now,
        })
      })
      // Another poll settled some meanwhile: its outcome stands.
      const raced = due.filter((row) => !settledIds.has(row.id)).map((row) => row.id)
      if (raced.length > 0) {
        const current = await db.select().from(sandboxCharges).where(inArray(sandboxCharges.id, raced))
        for (const row of current) byReference.set(row.reference, row)
      }
    }
    return references.map((reference): PromiseSettledResult<ChargeResult> => {
      const row = byReference.get(reference)
      return row
        ? { status: 'fulfilled', value: currentResult(row) }
        : { status: 'rejected', reason: new ChargeNotFoundError(reference) }
    })
  }

  return {
    kind: config.kind,
    name: config.name,
    chargeMany,
    pollCharges,

    async charge(request) {
      return only(await chargeMany([request]))
    },

    async findCharge({ idempotencyKey }) {
      const [row] = await findByKeys([idempotencyKey])
      return row ? currentResult(row) : null
    },

    async pollCharge({ reference, now }) {
      return only(await pollCharges({ references: [reference], now }))
    },

    async cancelCharge({ reference, now }) {
      await db
        .update(sandboxCharges)
        .set({
          status: 'failed',
          errorStatus: AUTHENTICATION_FAILED,
          errorDescription: notApproved,
          settledAt: now,
        })
        .where(
          and(
            eq(sandboxCharges.reference, reference),
            eq(sandboxCharges.kind, config.kind),
            eq(sandboxCharges.status, 'pending'),
            isNotNull(sandboxCharges.actionSecret),
          ),
        )
      const [row] = await db
        .select()
        .from(sandboxCharges)
        .where(and(eq(sandboxCharges.reference, reference), eq(sandboxCharges.kind, config.kind)))
      if (!row) throw new ChargeNotFoundError(reference)
      return currentResult(row)
    },
  }
}

const notApproved =
  "The member didn't approve the payment with their bank (the check failed, or they left it). They can pay again with the payment link."

/**
 * The member's bank's answer to an on-session charge's check, as Stripe.js `handleNextAction` gets it:
 * approved, the charge succeeds; refused, it fails `AUTHENTICATION_FAILED`. Only a charge still waiting
 * changes (a second answer, or one after a cancel, changes nothing). Null when the secret names no charge.
 */
export async function completeSandboxCardAction(options: {
  db: Db
  clientSecret: string
  approved: boolean
  now: Date
}): Promise<{ row: SandboxChargeRow; changed: boolean } | null> {
  const { db, now } = options
  const [changed] = await db
    .update(sandboxCharges)
    .set(
      options.approved
        ? { status: 'succeeded', settledAt: now }
        : {
            status: 'failed',
            errorStatus: AUTHENTICATION_FAILED,
            errorDescription: notApproved,
            settledAt: now,
          },
    )
    .where(and(eq(sandboxCharges.actionSecret, options.clientSecret), eq(sandboxCharges.status, 'pending')))
    .returning()
  if (changed) return { row: changed, changed: true }
  const [row] = await db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.actionSecret, options.clientSecret))
  return row ? { row, changed: false } : null
}

/** The one answer of a one-item batch, thrown when it is an error. */
function only(answers: PromiseSettledResult<ChargeResult>[]): ChargeResult {
  const [answer] = answers
  if (!answer) throw new Error('The sandbox gave no answer')
  if (answer.status === 'rejected') throw answer.reason
  return answer.value
}

/** The ledger row of a new charge, as decided. */
function newCharge(
  config: LedgerConfig,
  request: ChargeRequest,
  decision: Exclude<SandboxDecision, { kind: 'refused' }>,
  fingerprint: string,
): typeof sandboxCharges.$inferInsert {
  const outcome = decision.kind === 'final' ? decision.outcome : undefined
  const reference = `${config.referencePrefix}${randomBytes(12).toString('hex')}`
  return {
    kind: config.kind,
    idempotencyKey: request.idempotencyKey,
    reference,
    actionSecret:
      decision.kind === 'action' ? `${reference}_secret_${randomBytes(16).toString('hex')}` : null,
    requestFingerprint: fingerprint,
    testValue: decision.testValue,
    amount: request.amount,
    currency: request.currency,
    description: request.description,
    metadata: { ...request.metadata },
    status: outcome ? outcome.status : 'pending',
    errorStatus: outcome?.status === 'failed' ? outcome.errorStatus : null,
    errorDescription: outcome?.status === 'failed' ? outcome.errorDescription : null,
    createdAt: request.now,
    settlesAt: decision.kind === 'deferred' ? decision.settlesAt : null,
    settledAt: outcome ? request.now : null,
  }
}

function validateRequest(kind: SandboxChargeKind, request: ChargeRequest): void {
  const key = request.idempotencyKey
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new RangeError(`An idempotency key has 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`)
  }
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
    throw new RangeError(`A charge amount is a positive whole number of cents, not ${request.amount}`)
  }
  if (request.currency !== 'nzd') throw new RangeError(`Unsupported currency ${String(request.currency)}`)
  if (providerKindFor(request.method.type) !== kind) {
    throw new TypeError(`The ${kind} provider cannot charge a ${request.method.type} payment method`)
  }
  if (Number.isNaN(request.now.getTime())) throw new RangeError('The charge time is not a valid date')
}

/** What decides whether a repeated key is the same request: money, currency and payment method. */
function requestFingerprint(kind: SandboxChargeKind, request: ChargeRequest): string {
  const parts = [kind, request.amount, request.currency, request.method.type, request.method.reference]
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex')
}

/**
 * The answer the first call got: a deferred charge always answered `pending`, one waiting for the
 * member's approval `pending` with its action.
 */
function firstAnswer(row: SandboxChargeRow): ChargeResult {
  if (row.actionSecret)
    return { status: 'pending', reference: row.reference, action: { clientSecret: row.actionSecret } }
  if (row.settlesAt) return { status: 'pending', reference: row.reference }
  return currentResult(row)
}

function currentResult(row: SandboxChargeRow): ChargeResult {
  switch (row.status) {
    case 'succeeded':
      return { status: row.status, reference: row.reference }
    case 'pending':
      return row.actionSecret
        ? { status: 'pending', reference: row.reference, action: { clientSecret: row.actionSecret } }
        : { status: 'pending', reference: row.reference }
    case 'failed':
      return {
        status: 'failed',
        reference: row.reference,
        errorStatus: row.errorStatus ?? 'failed',
        errorDescription: row.errorDescription ?? 'The payment failed.',
      }
  }
}

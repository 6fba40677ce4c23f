import { createHash, randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import type { PaymentProvider as PaymentProviderName } from '~/db/schema/enums'
import { type SandboxChargeKind, sandboxCharges } from '~/db/schema/sandbox'
import {
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

  async function findByKey(idempotencyKey: string): Promise<SandboxChargeRow | undefined> {
    const [row] = await db
      .select()
      .from(sandboxCharges)
      .where(and(eq(sandboxCharges.idempotencyKey, idempotencyKey), eq(sandboxCharges.kind, config.kind)))
    return row
  }

  return {
    kind: config.kind,
    name: config.name,

    async charge(request) {
      validateRequest(config.kind, request)
      if (faults.delayMs) await sleep(faults.delayMs)

      const decision = config.decide(request)
      if (decision.kind === 'refused') {
        return {
          status: 'failed',
          reference: null,
          errorStatus: decision.errorStatus,
          errorDescription: decision.errorDescription,
        }
      }

      const fingerprint = requestFingerprint(config.kind, request)
      const outcome = decision.kind === 'final' ? decision.outcome : undefined
      const [inserted] = await db
        .insert(sandboxCharges)
        .values({
          kind: config.kind,
          idempotencyKey: request.idempotencyKey,
          reference: `${config.referencePrefix}${randomBytes(12).toString('hex')}`,
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
        })
        .onConflictDoNothing({ target: sandboxCharges.idempotencyKey })
        .returning()

      // A key seen before: replay the first answer, as long as it is the same request.
      const row = inserted ?? (await findByKey(request.idempotencyKey))
      if (!row || row.requestFingerprint !== fingerprint) {
        throw new IdempotencyKeyReusedError(request.idempotencyKey)
      }

      if (faults.delayAfterRecordMs) await sleep(faults.delayAfterRecordMs)
      const lose = faults.failAfterRecordBeforeReturn
      if (typeof lose === 'function' ? lose() : lose) {
        throw new PaymentProviderUnavailableError('The payment provider did not answer (sandbox fault)')
      }
      return firstAnswer(row)
    },

    async findCharge({ idempotencyKey }) {
      const row = await findByKey(idempotencyKey)
      return row ? currentResult(row) : null
    },

    async pollCharge({ reference, now }) {
      // Counting the poll and reading the charge is one statement: most polls find it still pending.
      const [row] = await db
        .update(sandboxCharges)
        .set({ pollCount: sql`${sandboxCharges.pollCount} + 1` })
        .where(and(eq(sandboxCharges.reference, reference), eq(sandboxCharges.kind, config.kind)))
        .returning()
      if (!row) throw new ChargeNotFoundError(reference)

      if (row.status === 'pending' && row.settlesAt && row.settlesAt.getTime() <= now.getTime()) {
        const outcome = config.settle(row.testValue)
        // Only a still-pending charge settles, so two polls at once agree on one outcome.
        const [settled] = await db
          .update(sandboxCharges)
          .set({
            status: outcome.status,
            errorStatus: outcome.status === 'failed' ? outcome.errorStatus : null,
            errorDescription: outcome.status === 'failed' ? outcome.errorDescription : null,
            settledAt: now,
          })
          .where(and(eq(sandboxCharges.id, row.id), eq(sandboxCharges.status, 'pending')))
          .returning()
        if (settled) return currentResult(settled)
        // Another poll settled it meanwhile: its outcome stands.
        const [current] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, row.id))
        return currentResult(current ?? row)
      }
      return currentResult(row)
    },
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

/** The answer the first call got: a deferred charge always answered `pending`. */
function firstAnswer(row: SandboxChargeRow): ChargeResult {
  if (row.settlesAt) return { status: 'pending', reference: row.reference }
  return currentResult(row)
}

function currentResult(row: SandboxChargeRow): ChargeResult {
  switch (row.status) {
    case 'succeeded':
    case 'pending':
      return { status: row.status, reference: row.reference }
    case 'failed':
      return {
        status: 'failed',
        reference: row.reference,
        errorStatus: row.errorStatus ?? 'failed',
        errorDescription: row.errorDescription ?? 'The payment failed.',
      }
  }
}

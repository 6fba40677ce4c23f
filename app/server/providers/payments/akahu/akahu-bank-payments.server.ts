import type { AkahuClient, Payment } from 'akahu'
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { bankConnections, destinationAccounts, gyms, paymentAttempts, payments, users } from '~/db/schema'
import type { SecretBox } from '~/server/secret-box.server'
import {
  ChargeNotFoundError,
  type ChargeRequest,
  type ChargeResult,
  IdempotencyKeyReusedError,
  type PaymentProvider,
  REAUTHENTICATE_AKAHU,
} from '../payment-provider'
import {
  akahuUnavailable,
  classifyAkahuError,
  realSleep,
  type Sleep,
  withRateLimitRetries,
} from './akahu-client.server'
import { akahuAmountToCents, akahuKeyTag, akahuPaymentMeta, centsToAkahuAmount } from './akahu-references'
import { akahuChargeResult, reconnectBankWords } from './akahu-statuses'

const DAY_MS = 24 * 60 * 60 * 1000

/** How many payments are read from Akahu at once when polling many. */
const POLL_CONCURRENCY = 4

/**
 * Bank payments through Akahu's enduring consents (PROVIDERS.md §2, ADR 037): `POST /v1/payments` from
 * the member's shared account (`acc_…`, the method's reference) to the gym's destination account, with
 * the member's own token and the engine's idempotency key as Akahu's `Idempotency-Key`. A payment starts
 * `READY` and is settled by polling `GET /v1/payments/{id}` (or by the webhook pipeline, which calls
 * `applyAkahuPaymentUpdate`).
 *
 * What the request does not carry is read from our database by the payment's id: the member's newest
 * Akahu token (`bank_connections`), the gym's destination account (the payment's own, else the gym's
 * first), and the names written on both statements.
 */
export function createAkahuBankPayments(options: {
  db: Db
  client: AkahuClient
  sleep?: Sleep
  /** Opens the members' tokens, kept sealed in `bank_connections` (ADR 043). */
  secrets: SecretBox
}): PaymentProvider {
  const { db, client, secrets } = options
  const sleep = options.sleep ?? realSleep

  async function charge(request: ChargeRequest): Promise<ChargeResult> {
    const context = await chargeContext(db, request.metadata.paymentId, request.metadata.organisationId)
    if (!context.token) return refused(REAUTHENTICATE_AKAHU, reconnectBankWords)
    if (!context.destination) {
      return refused(
        'no_destination_account',
        'The gym has no bank account to receive payments. Add one on the gym’s page; the payment will be tried again.',
      )
    }
    const token = secrets.open(context.token)
    const params = {
      from: request.method.reference,
      amount: centsToAkahuAmount(request.amount),
      to: { name: context.destination.name, account_number: context.destination.bankAccountNumber },
      meta: akahuPaymentMeta({
        idempotencyKey: request.idempotencyKey,
        paymentId: request.metadata.paymentId,
        gymName: context.gymName,
        memberName: context.memberName,
        description: request.description,
      }),
    }
    let payment: Payment
    try {
      payment = await withRateLimitRetries(
        () => client.payments.create(token, params, { idempotencyKey: request.idempotencyKey }),
        { sleep },
      )
    } catch (error) {
      const failure = classifyAkahuError(error)
      switch (failure.kind) {
        case 'unauthorised':
        case 'forbidden':
          return refused(REAUTHENTICATE_AKAHU, reconnectBankWords)
        case 'not_found':
          return refused(
            'account_not_found',
            "The member's bank account is no longer shared with Gymbase. Ask the member to connect it again.",
          )
        case 'refused':
          return refused(
            'payment_refused',
            'The open-banking service refused this payment before sending it to the bank.',
          )
        default:
          throw akahuUnavailable(failure)
      }
    }
    // A replayed key answers with its first payment: one made for another amount or account is a reuse.
    if (akahuAmountToCents(payment.amount) !== request.amount || payment.from !== request.method.reference) {
      throw new IdempotencyKeyReusedError(request.idempotencyKey)
    }
    return akahuChargeResult(payment)
  }

  async function findCharge({ idempotencyKey }: { idempotencyKey: string }): Promise<ChargeResult | null> {
    const [attempt] = await db
      .select({ userId: payments.userId, startedAt: paymentAttempts.startedAt })
      .from(paymentAttempts)
      .innerJoin(payments, eq(payments.id, paymentAttempts.paymentId))
      .where(eq(paymentAttempts.idempotencyKey, idempotencyKey))
    if (!attempt) return null
    const stored = await memberToken(db, attempt.userId)
    // Without a token nothing can have been charged with this key since: charging again is refused alike.
    if (!stored) return null
    const token = secrets.open(stored)
    let found: Payment[]
    try {
      found = await withRateLimitRetries(
        () =>
          client.payments.list(token, {
            start: new Date(attempt.startedAt.getTime() - DAY_MS).toISOString(),
            end: new Date(attempt.startedAt.getTime() + 7 * DAY_MS).toISOString(),
          }),
        { sleep },
      )
    } catch (error) {
      const failure = classifyAkahuError(error)
      if (failure.kind === 'unauthorised' || failure.kind === 'forbidden') {
        return refused(REAUTHENTICATE_AKAHU, reconnectBankWords)
      }
      throw akahuUnavailable(failure)
    }
    const tag = akahuKeyTag(idempotencyKey)
    const payment = found.find((candidate) => candidate.meta?.destination?.code === tag)
    return payment ? akahuChargeResult(payment) : null
  }

  /** One payment's state, read with its member's token. */
  async function readPayment(reference: string, token: string | null | undefined): Promise<ChargeResult> {
    if (token === undefined) throw new ChargeNotFoundError(reference)
    // The member's connection is gone: as for a revoked token below.
    if (token === null) return { status: 'pending', reference }
    const opened = secrets.open(token)
    try {
      const payment = await withRateLimitRetries(() => client.payments.get(opened, reference), { sleep })
      return akahuChargeResult(payment)
    } catch (error) {
      const failure = classifyAkahuError(error)
      if (failure.kind === 'not_found') throw new ChargeNotFoundError(reference)
      // A revoked token can no longer read the payment, but the bank may still send it: it stays
      // pending until Akahu's payment webhook (app-level, not the member's token) says how it ended.
      if (failure.kind === 'unauthorised' || failure.kind === 'forbidden') {
        return { status: 'pending', reference }
      }
      throw akahuUnavailable(failure)
    }
  }

  return {
    kind: 'bank',
    name: 'akahu',
    charge,
    findCharge,
    async pollCharge({ reference }) {
      const tokens = await tokensForReferences(db, [reference])
      return readPayment(reference, tokens.get(reference))
    },
    async pollCharges({ references }) {
      const tokens = await tokensForReferences(db, references)
      const answers: PromiseSettledResult<ChargeResult>[] = new Array(references.length)
      let next = 0
      const lane = async () => {
        while (next < references.length) {
          const index = next
          next += 1
          const reference = references[index] ?? ''
          try {
            answers[index] = {
              status: 'fulfilled',
              value: await readPayment(reference, tokens.get(reference)),
            }
          } catch (reason) {
            answers[index] = { status: 'rejected', reason }
          }
        }
      }
      await Promise.all(Array.from({ length: Math.min(POLL_CONCURRENCY, references.length) }, lane))
      return answers
    },
  }
}

function refused(errorStatus: string, errorDescription: string): ChargeResult {
  return { status: 'failed', reference: null, errorStatus, errorDescription }
}

async function chargeContext(db: Db, paymentId: number, organisationId: number) {
  const [row] = await db
    .select({
      userId: payments.userId,
      gymId: payments.gymId,
      memberName: users.name,
      gymName: gyms.name,
      destination: {
        name: destinationAccounts.name,
        bankAccountNumber: destinationAccounts.bankAccountNumber,
      },
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(gyms, eq(gyms.id, payments.gymId))
    .leftJoin(destinationAccounts, eq(destinationAccounts.id, payments.destinationAccountId))
    .where(and(eq(payments.id, paymentId), eq(payments.organisationId, organisationId)))
  if (!row) throw new Error(`Payment ${paymentId} not found in organisation ${organisationId}`)
  let destination: { name: string; bankAccountNumber: string } | null | undefined = row.destination
  if (!destination) {
    ;[destination] = await db
      .select({ name: destinationAccounts.name, bankAccountNumber: destinationAccounts.bankAccountNumber })
      .from(destinationAccounts)
      .where(eq(destinationAccounts.gymId, row.gymId))
      .orderBy(asc(destinationAccounts.id))
      .limit(1)
  }
  return {
    memberName: row.memberName,
    gymName: row.gymName,
    destination: destination ?? null,
    token: await memberToken(db, row.userId),
  }
}

/** The member's newest Akahu connection's token (sealed, as kept): the one their latest consent gave. */
async function memberToken(db: Db, userId: number): Promise<string | null> {
  const [connection] = await db
    .select({ accessToken: bankConnections.accessToken })
    .from(bankConnections)
    .where(
      and(
        eq(bankConnections.userId, userId),
        eq(bankConnections.provider, 'akahu'),
        isNotNull(bankConnections.accessToken),
      ),
    )
    .orderBy(desc(bankConnections.connectedAt), desc(bankConnections.id))
    .limit(1)
  return connection?.accessToken ?? null
}

/**
 * Each Akahu payment id's member token, by the attempt that recorded it: null when the member has no
 * connection left, absent when no attempt of ours has that id.
 */
async function tokensForReferences(
  db: Db,
  references: readonly string[],
): Promise<Map<string, string | null>> {
  if (references.length === 0) return new Map()
  const owners = await db
    .select({ reference: paymentAttempts.providerReference, userId: payments.userId })
    .from(paymentAttempts)
    .innerJoin(payments, eq(payments.id, paymentAttempts.paymentId))
    .where(
      and(inArray(paymentAttempts.providerReference, [...references]), eq(paymentAttempts.provider, 'akahu')),
    )
  const tokens = new Map<string, string | null>()
  const byUser = new Map<number, string | null>()
  for (const owner of owners) {
    if (!owner.reference) continue
    if (!byUser.has(owner.userId)) byUser.set(owner.userId, await memberToken(db, owner.userId))
    tokens.set(owner.reference, byUser.get(owner.userId) ?? null)
  }
  return tokens
}

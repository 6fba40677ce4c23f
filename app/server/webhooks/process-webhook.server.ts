import { and, eq, inArray, sql } from 'drizzle-orm'
import type { WebhookProvider } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import {
  accessControlIntegrations,
  bankConnections,
  doorIntegrations,
  gyms,
  paymentAttempts,
  payments,
  users,
  webhookEvents,
} from '~/db/schema'
import { recordChargeResult } from '~/server/billing/engine/record-charge-result.server'
import { safeErrorMessage } from '~/server/loggable-error.server'
import type { UnlockEvent } from '~/server/providers/doors/door-provider'
import type { ChargeResult } from '~/server/providers/payments/payment-provider'
import type { PaymentServices } from '~/server/providers/payments/sandbox-providers.server'
import { declineDescription, declineStatus } from '~/server/providers/payments/stripe/stripe-declines'
import { getProviderConfig } from '~/server/providers/provider-config.server'
import type { Mailer } from '~/server/services/auth/mailer'
import { recordUnlockEvent } from '~/server/services/door-access/member-door-access.server'
import { sendApprovedPaymentReceipt } from '~/server/services/payment-links/link-approvals.server'

/**
 * What a stored provider event does (issue 26 point 5). Each handler reads the provider's own shape,
 * finds whose event it is, and makes its effect through the function the rest of the app uses for it:
 * a charge's answer through the billing engine's `recordChargeResult` (which records only an attempt
 * still open, so a repeat or a late event changes nothing), an unlock through `recordUnlockEvent`
 * (deduplicated on the event's id). So an event delivered three times, in any order with its
 * neighbours, has one effect.
 */

export interface ProcessingServices {
  db: Db
  payments: PaymentServices
  now: Date
  /** Where a member's written confirmation goes (a payment they approved with their bank); none in tests that need none. */
  mailer?: Mailer | undefined
}

export interface HandlerOutcome {
  organisationId: number | null
  note: string
  /** The payment whose charge this event recorded (not one settled before it). */
  recordedPaymentId?: number
  /** The unlock as recorded (the sandbox's tap shows it to the one at the door). */
  unlock?: Awaited<ReturnType<typeof recordUnlockEvent>>
}

type Payload = Record<string, unknown>

function objectOf(value: unknown): Payload {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {}
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string' && value.length > 0) return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return null
}

// ── Payments ──────────────────────────────────────────────────────────────────────────────────────────

async function attemptByReference(db: Db, reference: string) {
  const [attempt] = await db
    .select({
      paymentId: paymentAttempts.paymentId,
      attempt: paymentAttempts.attempt,
      organisationId: paymentAttempts.organisationId,
      currentAttempt: payments.attempt,
      paymentStatus: payments.status,
      attemptStatus: paymentAttempts.status,
    })
    .from(paymentAttempts)
    .innerJoin(payments, eq(payments.id, paymentAttempts.paymentId))
    .where(eq(paymentAttempts.providerReference, reference))
    .limit(1)
  return attempt
}

async function settleAttempt(
  services: ProcessingServices,
  reference: string,
  decide: () => Promise<ChargeResult>,
): Promise<HandlerOutcome> {
  const { db, now } = services
  const attempt = await attemptByReference(db, reference)
  if (!attempt) return { organisationId: null, note: `No payment of ours has the reference ${reference}.` }
  const open = attempt.paymentStatus === 'pending_request' && attempt.currentAttempt === attempt.attempt
  if (!open) {
    return {
      organisationId: attempt.organisationId,
      note: `Payment ${attempt.paymentId} was already settled: nothing changed.`,
    }
  }
  const result = await decide()
  if (result.status === 'pending') {
    return { organisationId: attempt.organisationId, note: `Payment ${attempt.paymentId} is still pending.` }
  }
  const verdict = await recordChargeResult({
    db,
    now,
    paymentId: attempt.paymentId,
    attempt: attempt.attempt,
    result,
  })
  return {
    organisationId: attempt.organisationId,
    ...(verdict === 'recorded' ? { recordedPaymentId: attempt.paymentId } : {}),
    note:
      verdict === 'recorded'
        ? `Payment ${attempt.paymentId} ${result.status === 'succeeded' ? 'succeeded' : `failed (${result.errorStatus})`}.`
        : `Payment ${attempt.paymentId} was already settled: nothing changed.`,
  }
}

/**
 * A PaymentIntent's failure as the engine records it, in the words the Stripe adapter gives a charge's
 * own answer (`declineStatus`, `declineDescription`): a webhook and a direct answer read alike.
 */
function stripeFailure(intent: Payload): ChargeResult {
  const error = objectOf(intent.last_payment_error)
  const errorStatus = declineStatus({ code: textOf(error.code), decline_code: textOf(error.decline_code) })
  return {
    status: 'failed',
    reference: textOf(intent.id),
    errorStatus,
    errorDescription: declineDescription(errorStatus, textOf(error.message)),
  }
}

async function handleStripe(
  services: ProcessingServices,
  type: string,
  event: Payload,
): Promise<HandlerOutcome> {
  const { db } = services
  const object = objectOf(objectOf(event.data).object)
  // A live Connect endpoint also receives its accounts' test-mode events (PROVIDERS.md §1.5).
  if (event.livemode === false && getProviderConfig().cards.mode === 'live') {
    return {
      organisationId: await stripeOrganisation(db, event),
      note: 'A test-mode event on live keys: ignored.',
    }
  }
  switch (type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const reference = textOf(object.id)
      if (!reference) return { organisationId: null, note: 'The event names no PaymentIntent.' }
      const settled = await settleAttempt(services, reference, async () =>
        type === 'payment_intent.succeeded' ? { status: 'succeeded', reference } : stripeFailure(object),
      )
      // A payment the member approved on the link's page, recorded here first: its receipt goes from here.
      const onSession = objectOf(object.metadata).on_session === 'true'
      if (settled.recordedPaymentId && onSession && services.mailer && type === 'payment_intent.succeeded') {
        await sendApprovedPaymentReceipt({
          db,
          now: services.now,
          mailer: services.mailer,
          paymentId: settled.recordedPaymentId,
        })
      }
      return settled
    }
    case 'account.updated': {
      const accountId = textOf(event.account) ?? textOf(object.id)
      const [gym] = accountId
        ? await db
            .select({ id: gyms.id, organisationId: gyms.organisationId, enabled: gyms.stripeChargesEnabled })
            .from(gyms)
            .where(eq(gyms.stripeId, accountId))
        : []
      if (!gym || !accountId)
        return { organisationId: null, note: 'No gym of ours has this connected account.' }
      // The event says what changed; the account as the provider has it now is what we keep.
      const account = await services.payments.cardAccounts.retrieveAccount({ accountId })
      if (!account) return { organisationId: gym.organisationId, note: `Account ${accountId} was not found.` }
      if (account.chargesEnabled !== gym.enabled) {
        await db
          .update(gyms)
          .set({ stripeChargesEnabled: account.chargesEnabled, updatedAt: services.now })
          .where(eq(gyms.id, gym.id))
      }
      return {
        organisationId: gym.organisationId,
        note: `Gym ${gym.id}: charges ${account.chargesEnabled ? 'enabled' : 'not enabled'}, payouts ${account.payoutsEnabled ? 'enabled' : 'not enabled'}.`,
      }
    }
    case 'charge.refunded':
    case 'charge.dispute.created': {
      const intent = textOf(object.payment_intent)
      const attempt = intent ? await attemptByReference(db, intent) : undefined
      const what = type === 'charge.refunded' ? 'Refund' : 'Dispute'
      const amount = typeof object.amount_refunded === 'number' ? object.amount_refunded : object.amount
      const cents = typeof amount === 'number' ? ` of ${amount} cents` : ''
      return {
        organisationId: attempt?.organisationId ?? null,
        note: attempt
          ? `${what}${cents} on payment ${attempt.paymentId}: kept here; payments have no refund or dispute status yet.`
          : `${what}${cents} on a charge that is not one of ours.`,
      }
    }
    default:
      return { organisationId: await stripeOrganisation(db, event), note: 'Not an event Gymbase acts on.' }
  }
}

async function stripeOrganisation(db: Db, event: Payload): Promise<number | null> {
  const accountId = textOf(event.account)
  if (accountId) {
    const [gym] = await db
      .select({ organisationId: gyms.organisationId })
      .from(gyms)
      .where(eq(gyms.stripeId, accountId))
    if (gym) return gym.organisationId
  }
  const object = objectOf(objectOf(event.data).object)
  const reference = textOf(object.payment_intent) ?? textOf(object.id)
  const attempt = reference ? await attemptByReference(db, reference) : undefined
  return attempt?.organisationId ?? null
}

/** Akahu's `state` we subscribe with for a member's consent: `bank_connection:<id>` (ADR 040). */
export function akahuConnectionState(bankConnectionId: number): string {
  return `bank_connection:${bankConnectionId}`
}

async function connectionOfState(db: Db, state: string | null) {
  const match = state ? /^bank_connection:(\d{1,12})$/.exec(state) : null
  if (!match) return undefined
  const [connection] = await db
    .select()
    .from(bankConnections)
    .where(eq(bankConnections.id, Number(match[1])))
  return connection
}

/** What the provider answered for an event, asked before its transaction (`askProvider`). */
interface ProviderAnswer {
  reference: string
  result: ChargeResult
}

/**
 * The provider's side of an event that needs one, read before the event's transaction opens: a provider
 * is never called while a transaction holds a connection (the sandbox bank keeps its payments in this
 * database, and PGlite's one connection would wait forever), and a slow provider holds no lock. An
 * Akahu payment update is read from Akahu as the engine's poll reads it, and only while our attempt is
 * open: a settled payment is not asked about again.
 */
async function askProvider(
  services: ProcessingServices,
  provider: WebhookProvider,
  type: string,
  event: Payload,
): Promise<ProviderAnswer | undefined> {
  if (provider !== 'akahu' || (type !== 'PAYMENT.UPDATE' && type !== 'PAYMENT.RECEIVED')) return undefined
  const reference = textOf(event.item_id)
  const attempt = reference ? await attemptByReference(services.db, reference) : undefined
  if (!reference || !attempt) return undefined
  if (attempt.paymentStatus !== 'pending_request' || attempt.currentAttempt !== attempt.attempt)
    return undefined
  const result = await services.payments.charges.bank.pollCharge({ reference, now: services.now })
  return { reference, result }
}

async function handleAkahu(
  services: ProcessingServices,
  type: string,
  event: Payload,
  asked: ProviderAnswer | undefined,
): Promise<HandlerOutcome> {
  const { db, now } = services
  switch (type) {
    case 'PAYMENT.UPDATE':
    case 'PAYMENT.RECEIVED': {
      const reference = textOf(event.item_id)
      if (!reference) return { organisationId: null, note: 'The event names no payment.' }
      // The event says the payment moved; what it moved to was read from Akahu, as the engine's poll does.
      // An attempt that was not open when Akahu was asked is not open now either (attempts never reopen).
      return settleAttempt(services, reference, async () =>
        asked?.reference === reference ? asked.result : { status: 'pending', reference },
      )
    }
    case 'TOKEN.DELETE':
    case 'TOKEN.WEBHOOK_CANCELLED': {
      const connection = await connectionOfState(db, textOf(event.state))
      if (!connection) return { organisationId: null, note: 'No bank connection of ours has this consent.' }
      await db.transaction(async (tx) => {
        await tx
          .update(bankConnections)
          .set({ accessToken: null, updatedAt: now })
          .where(eq(bankConnections.id, connection.id))
        await tx
          .update(users)
          .set({ reauthenticateAkahu: true, updatedAt: now })
          .where(eq(users.id, connection.userId))
      })
      return {
        organisationId: connection.organisationId,
        note: `Consent revoked: member ${connection.userId} is asked to reconnect their bank.`,
      }
    }
    default: {
      const connection = await connectionOfState(db, textOf(event.state))
      return { organisationId: connection?.organisationId ?? null, note: 'Not an event Gymbase acts on.' }
    }
  }
}

// ── Doors ────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The door integration a Kisi event is about: the one with the event's lock among its doors. Lock ids
 * are the door system's own; the integration whose account is the event's `organization_id` wins if
 * two organisations list the same lock id.
 */
async function integrationOfLock(db: Db, event: Payload) {
  const lockId = textOf(event.object_id)
  if (!lockId) return undefined
  const rows = await db
    .select({ integration: accessControlIntegrations })
    .from(doorIntegrations)
    .innerJoin(
      accessControlIntegrations,
      and(
        eq(accessControlIntegrations.organisationId, doorIntegrations.organisationId),
        eq(accessControlIntegrations.integrationType, doorIntegrations.integrationType),
      ),
    )
    .where(eq(doorIntegrations.doorId, lockId))
  const account = textOf(event.organization_id)
  const owned = rows.find(
    (row) => account !== null && textOf(row.integration.credentials.account) === account,
  )
  return (owned ?? (rows.length === 1 ? rows[0] : undefined))?.integration
}

/** Kisi's `lock.unlock` body (PROVIDERS.md §3) as the door rules read it. */
export function unlockEventOf(event: Payload, receivedAt: Date): UnlockEvent | null {
  const uuid = textOf(event.uuid)
  const lockId = textOf(event.object_id)
  if (!uuid || !lockId) return null
  const created = textOf(event.created_at)
  const createdAt = created && !Number.isNaN(Date.parse(created)) ? new Date(created) : receivedAt
  return {
    uuid,
    actorId: event.actor_type === 'User' || event.actor_type === undefined ? textOf(event.actor_id) : null,
    lockId,
    placeId: textOf(event.place_id) ?? '',
    success: event.success === true,
    errorCode: textOf(event.error_code),
    errorMessage: textOf(event.error_message),
    createdAt,
  }
}

async function handleKisi(
  services: ProcessingServices,
  type: string,
  event: Payload,
  receivedAt: Date,
): Promise<HandlerOutcome> {
  const { db, now } = services
  const integration = await integrationOfLock(db, event)
  if (type !== 'lock.unlock') {
    return { organisationId: integration?.organisationId ?? null, note: 'Not an event Gymbase acts on.' }
  }
  const unlock = unlockEventOf(event, receivedAt)
  if (!unlock) return { organisationId: null, note: 'The event names no lock.' }
  if (!integration) return { organisationId: null, note: `No door of ours is lock ${unlock.lockId}.` }
  const recorded = await recordUnlockEvent({ db, integration, event: unlock, now })
  const note = recorded.visit
    ? `Visit ${recorded.visit.id} ${recorded.visit.successful ? 'recorded' : `recorded as refused (${recorded.refusedReason})`}.`
    : !recorded.userId
      ? 'Not someone we know: no visit.'
      : 'This door does not count visits.'
  return { organisationId: integration.organisationId, note, unlock: recorded }
}

/** Whose event a delivery claims to be (for a refused one: only to show it to that organisation). */
export async function attributeWebhook(options: {
  db: Db
  provider: WebhookProvider
  payload: unknown
}): Promise<number | null> {
  const { db } = options
  const event = objectOf(options.payload)
  try {
    switch (options.provider) {
      case 'stripe':
        return await stripeOrganisation(db, event)
      case 'akahu': {
        const reference = textOf(event.item_id)
        const attempt = reference ? await attemptByReference(db, reference) : undefined
        if (attempt) return attempt.organisationId
        return (await connectionOfState(db, textOf(event.state)))?.organisationId ?? null
      }
      case 'kisi':
        return (await integrationOfLock(db, event))?.organisationId ?? null
    }
  } catch {
    return null
  }
}

// ── The pipeline's processing step ──────────────────────────────────────────────────────────────────

export type ProcessVerdict =
  | { status: 'processed'; outcome: HandlerOutcome }
  | { status: 'failed'; error: string }
  | { status: 'skipped' }

/**
 * Processes one stored event, once: the row is locked, and only a verified event that is `received`
 * or `failed` runs (a processed one is skipped, so the queue's redelivery and a double click change
 * nothing). What the provider must be asked is asked first, outside the transaction (`askProvider`);
 * the effect and the row's new result then commit together. A handler (or a question to the provider)
 * that throws leaves the event `failed` with its error, for the queue's retry or an admin's Reprocess.
 */
export async function processWebhookEvent(
  options: ProcessingServices & { webhookEventId: number },
): Promise<ProcessVerdict> {
  const { db, now } = options
  // A verified event not yet processed: read first to ask the provider, then again locked.
  const waitingEvent = and(
    eq(webhookEvents.id, options.webhookEventId),
    eq(webhookEvents.signatureVerified, true),
    inArray(webhookEvents.result, ['received', 'failed']),
  )
  try {
    const [waiting] = await db.select().from(webhookEvents).where(waitingEvent)
    if (!waiting) return { status: 'skipped' }
    const asked = await askProvider(options, waiting.provider, waiting.type, objectOf(waiting.payload))
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(webhookEvents).where(waitingEvent).for('update')
      if (!row) return { status: 'skipped' as const }
      const services = { ...options, db: tx }
      const event = objectOf(row.payload)
      const outcome =
        row.provider === 'stripe'
          ? await handleStripe(services, row.type, event)
          : row.provider === 'akahu'
            ? await handleAkahu(services, row.type, event, asked)
            : await handleKisi(services, row.type, event, row.receivedAt)
      await tx
        .update(webhookEvents)
        .set({
          result: 'processed',
          processedAt: now,
          error: null,
          note: outcome.note.slice(0, 1000),
          attempts: sql`${webhookEvents.attempts} + 1`,
          organisationId: outcome.organisationId ?? row.organisationId,
        })
        .where(eq(webhookEvents.id, row.id))
      return { status: 'processed' as const, outcome }
    })
  } catch (error) {
    const message = safeErrorMessage(error).split('\n')[0] ?? 'Processing failed'
    const organisationId = await attributeOf(db, options.webhookEventId)
    await db
      .update(webhookEvents)
      .set({
        result: 'failed',
        error: message.slice(0, 500),
        attempts: sql`${webhookEvents.attempts} + 1`,
        ...(organisationId !== null ? { organisationId } : {}),
      })
      .where(and(eq(webhookEvents.id, options.webhookEventId), eq(webhookEvents.signatureVerified, true)))
    return { status: 'failed', error: message }
  }
}

async function attributeOf(db: Db, webhookEventId: number): Promise<number | null> {
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, webhookEventId))
  if (!row) return null
  return row.organisationId ?? (await attributeWebhook({ db, provider: row.provider, payload: row.payload }))
}

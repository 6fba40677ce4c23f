import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { membershipAgreements, paymentAttempts, payments, subscriptions, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { calendarDateAt } from '~/server/billing/calendar'
import { attemptIdempotencyKey } from '~/server/billing/engine/policy'
import { recordChargeResult } from '~/server/billing/engine/record-charge-result.server'
import { findCardSurcharges } from '~/server/billing/subscription-payment.server'
import type { ChargeResult, PaymentProviders } from '~/server/providers/payments/payment-provider'
import type { Mailer } from '../auth/mailer'
import { requireCardsAtHomeGym } from '../payment-methods/change-payment-method.server'
import { findMemberPaymentMethodList } from '../payment-methods/find-member-payment-methods.server'
import { movePaymentsTo } from '../payment-methods/switch-payment-method.server'
import { createMembership } from '../subscriptions/create-membership.server'
import type { Subscription } from '../subscriptions/create-subscription.server'
import { quoteMembership } from './membership-quote.server'
import { sendWelcomeMail } from './send-welcome-mail.server'

export type JoinOutcome = 'paid' | 'pending' | 'scheduled'

/** A name as typed, compared without case, accents or extra spaces. */
const comparable = (name: string) =>
  name.normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase()

export const typeYourNameMessage = (name: string) => `Type your name as ${name} to accept.`
export const offSessionConsentMessage = 'Tick the box to let the gym take your payments when they are due.'
export const paymentUnderWayMessage =
  'Your payment is still being confirmed. Wait a moment, then press Confirm again: you won’t be charged twice.'

/**
 * The member's "Confirm" (issue 14): the subscription, its first payment and the accepted agreement,
 * then the first charge. Exactly once per `clientKey`: a double press, a retried request or a second
 * tab find the same rows and the same charge attempt.
 *
 * The subscription stays `is_staging` until the first charge succeeds (card) or is accepted by the bank
 * (pending), so a member is never charged without a membership nor holds one that nobody paid for. A
 * declined card leaves the staging rows to be charged again on the next Confirm, after the member has
 * chosen another card or their bank account; the billing engine never touches staging rows. A start
 * date in the future charges nothing today: the engine takes the first payment on that day.
 */
export async function joinMembership(options: {
  db: Db
  now: Date
  providers: PaymentProviders
  mailer: Mailer
  organisationId: number
  userId: number
  priceId: number
  startDate?: string | undefined
  clientKey: string
  typedName: string
  offSessionConsent: boolean
  ipAddress: string | null
}): Promise<{ subscription: Subscription; outcome: JoinOutcome }> {
  const { db, now } = options
  const quote = await quoteMembership(options)
  const [member] = await db.select({ name: users.name }).from(users).where(eq(users.id, options.userId))
  if (!member) throw new AppError('NOT_FOUND', 'Member not found.')
  if (comparable(options.typedName) !== comparable(member.name)) {
    const message = typeYourNameMessage(member.name)
    throw new AppError('VALIDATION', message, { fieldErrors: { agreement_name: [message] } })
  }
  if (!options.offSessionConsent) {
    throw new AppError('VALIDATION', offSessionConsentMessage, {
      fieldErrors: { off_session_consent: [offSessionConsentMessage] },
    })
  }
  const { methods, defaultId } = await findMemberPaymentMethodList({ db, userId: options.userId })
  const method = methods.find((candidate) => candidate.id === defaultId)
  if (!method) throw new AppError('CONFLICT', 'Choose how you’ll pay before confirming.')
  if (method.type === 'stripe_card') await requireCardsAtHomeGym(db, options.userId)
  const surcharges = await findCardSurcharges({ db, organisationIds: [options.organisationId] })

  // Step 1, one transaction with the member's row locked, so their confirms take turns: find or make the
  // staging rows, and store the charge attempt's key before any provider is called.
  const prepared = await db.transaction(async (tx) => {
    await lockMember(tx, options.userId)
    const [agreed] = await tx
      .select({ subscription: subscriptions })
      .from(membershipAgreements)
      .innerJoin(subscriptions, eq(subscriptions.id, membershipAgreements.subscriptionId))
      .where(
        and(
          eq(membershipAgreements.userId, options.userId),
          eq(membershipAgreements.clientKey, options.clientKey),
        ),
      )
    let subscription = agreed?.subscription
    if (subscription?.cancelledAt) {
      throw new AppError(
        'CONFLICT',
        'This confirmation was replaced by a newer one. Reload the page and confirm again.',
      )
    }
    if (!subscription) {
      const [live] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, options.userId),
            eq(subscriptions.isStaging, false),
            isNull(subscriptions.cancelledAt),
          ),
        )
        .limit(1)
      if (live) throw new AppError('CONFLICT', 'You already have a membership.')
      // A charge of an earlier press still in doubt (the server died during it; the member pressed
      // again in a new tab, whose key is new): this press settles that charge with its own key rather
      // than refusing until it settles, which nothing else would do (the engine leaves staging rows be).
      subscription = await findJoinUnderWay(tx, options.userId)
    }
    if (!subscription) {
      await setAsideEarlierAttempts(tx, now, options.userId)
      subscription = await createMembership({
        db: tx,
        now,
        organisationId: options.organisationId,
        userId: options.userId,
        priceId: quote.priceId,
        startDate: quote.startDate,
        privatePriceLinkId: quote.privatePriceLinkId ?? undefined,
        isStaging: true,
      })
      await tx.insert(membershipAgreements).values({
        organisationId: options.organisationId,
        userId: options.userId,
        subscriptionId: subscription.id,
        clientKey: options.clientKey,
        typedName: options.typedName.trim(),
        offSessionConsent: options.offSessionConsent,
        text: quote.agreement,
        acceptedAt: now,
        ipAddress: options.ipAddress,
      })
    }
    if (!subscription.isStaging) return { subscription, charge: null, outcome: null }

    const [first] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.subscriptionId, subscription.id), ne(payments.status, 'cancelled')))
      .orderBy(asc(payments.id))
      .limit(1)
      .for('update')
    if (!first) throw new Error('A new membership has no first payment')
    if (first.dueOn > calendarDateAt(now)) {
      // Starts later: nothing to take today, the engine charges on the start date.
      const [confirmed] = await confirmStagingMembership(tx, now, subscription.id, options.mailer)
      return { subscription: confirmed ?? subscription, charge: null, outcome: 'scheduled' as const }
    }
    if (first.status === 'sent') {
      const [confirmed] = await confirmStagingMembership(tx, now, subscription.id, options.mailer)
      return { subscription: confirmed ?? subscription, charge: null, outcome: 'paid' as const }
    }
    if (first.status === 'pending_request') {
      // An earlier press stored this attempt and never heard back: settle it with the same key.
      return {
        subscription,
        charge: {
          payment: first,
          attempt: first.attempt,
          key: first.idempotencyKey ?? attemptIdempotencyKey(first.id, first.attempt),
          replay: true,
        },
        outcome: null,
      }
    }
    // The payment follows the method the member has chosen now (after a decline, another one).
    await movePaymentsTo({
      db: tx,
      now,
      userId: options.userId,
      method,
      settings: surcharges.get(options.organisationId),
    })
    const attempt = first.attempt + 1
    const key = attemptIdempotencyKey(first.id, attempt)
    await tx
      .update(payments)
      .set({ status: 'pending_request', attempt, idempotencyKey: key, updatedAt: now })
      .where(eq(payments.id, first.id))
    await tx.insert(paymentAttempts).values({
      organisationId: options.organisationId,
      paymentId: first.id,
      attempt,
      idempotencyKey: key,
      provider: options.providers[method.type === 'stripe_card' ? 'card' : 'bank'].name,
      status: 'started',
      startedAt: now,
    })
    const [charged] = await tx.select().from(payments).where(eq(payments.id, first.id))
    return { subscription, charge: { payment: charged ?? first, attempt, key, replay: false }, outcome: null }
  })

  if (!prepared.charge) {
    return { subscription: prepared.subscription, outcome: prepared.outcome ?? 'paid' }
  }

  // Step 2: the provider, outside any transaction.
  const { payment, attempt, key } = prepared.charge
  const methodOfPayment = methods.find((candidate) => candidate.id === payment.paymentMethodId) ?? method
  const provider = options.providers[methodOfPayment.type === 'stripe_card' ? 'card' : 'bank']
  const request = {
    idempotencyKey: key,
    amount: payment.amount + payment.surcharge - payment.creditUsed,
    currency: 'nzd' as const,
    method: {
      type: methodOfPayment.type,
      reference: methodOfPayment.providerReference ?? '',
      customerReference: methodOfPayment.providerCustomerReference,
      accountReference: methodOfPayment.providerAccountReference,
    },
    description: 'Gym membership',
    metadata: {
      paymentId: payment.id,
      subscriptionId: payment.subscriptionId,
      organisationId: payment.organisationId,
    },
    now,
  }
  let result: ChargeResult | null
  try {
    result = prepared.charge.replay
      ? ((await provider.findCharge({ idempotencyKey: key, method: request.method })) ??
        (await provider.charge(request)))
      : await provider.charge(request)
  } catch {
    result = null
  }
  if (!result) throw new AppError('CONFLICT', paymentUnderWayMessage)

  // Step 3: the answer. Paid or accepted by the bank: the membership is confirmed in the same
  // transaction. Declined: the attempt is recorded, the payment waits for the next Confirm.
  if (result.status === 'failed') {
    const declined = result
    await db.transaction(async (tx) => {
      await lockMember(tx, options.userId)
      await recordJoinDecline({ tx, now, paymentId: payment.id, attempt, declined })
    })
    const message = declineMessage(declined.errorStatus, methodOfPayment.type)
    throw new AppError('VALIDATION', message, { fieldErrors: { payment_method: [message] } })
  }
  const subscription = await db.transaction(async (tx) => {
    await lockMember(tx, options.userId)
    await recordChargeResult({ db: tx, now, paymentId: payment.id, attempt, result })
    const [confirmed] = await confirmStagingMembership(tx, now, prepared.subscription.id, options.mailer)
    return confirmed ?? prepared.subscription
  })
  return { subscription, outcome: result.status === 'succeeded' ? 'paid' : 'pending' }
}

/**
 * A join's first charge refused: the attempt is recorded as failed and the payment waits, with the
 * provider's reason, for the member's next Confirm (no retry is scheduled: nobody has joined yet).
 */
export async function recordJoinDecline(options: {
  tx: Db
  now: Date
  paymentId: number
  attempt: number
  declined: { reference?: string | null; errorStatus: string | null; errorDescription: string | null }
}) {
  const { tx, now, paymentId, attempt, declined } = options
  await tx
    .update(paymentAttempts)
    .set({
      status: 'failed',
      providerReference: declined.reference ?? null,
      errorCode: declined.errorStatus,
      errorMessage: declined.errorDescription,
      finishedAt: now,
    })
    .where(and(eq(paymentAttempts.paymentId, paymentId), eq(paymentAttempts.attempt, attempt)))
  await tx
    .update(payments)
    .set({
      status: 'upcoming',
      errorStatus: declined.errorStatus,
      errorDescription: declined.errorDescription,
      updatedAt: now,
    })
    .where(
      and(eq(payments.id, paymentId), eq(payments.attempt, attempt), eq(payments.status, 'pending_request')),
    )
}

/**
 * Every transaction of a member's confirm takes their row first, so a second press waiting in step 1
 * (member row held, then the payment) and the first press's answer in step 3 (the payment, then the
 * member's balance) cannot take the two in opposite orders and deadlock.
 */
export async function lockMember(tx: Db, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
}

/**
 * The membership becomes real: no longer staging, and the welcome e-mail queued in the same
 * transaction. Only the press that makes the change sends it, so a replay never e-mails twice.
 */
export async function confirmStagingMembership(tx: Db, now: Date, subscriptionId: number, mailer: Mailer) {
  const confirmed = await tx
    .update(subscriptions)
    .set({ isStaging: false, updatedAt: now })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.isStaging, true)))
    .returning()
  const [subscription] = confirmed
  if (subscription) {
    await sendWelcomeMail({ db: tx, mailer, now, userId: subscription.userId, subscriptionId })
  }
  return confirmed
}

/** The member's staging membership whose first charge is under way or in doubt, if any. */
async function findJoinUnderWay(tx: Db, userId: number) {
  const [underWay] = await tx
    .select({ subscription: subscriptions })
    .from(subscriptions)
    .innerJoin(payments, eq(payments.subscriptionId, subscriptions.id))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.isStaging, true),
        isNull(subscriptions.cancelledAt),
        eq(payments.status, 'pending_request'),
      ),
    )
    .orderBy(asc(subscriptions.id))
    .limit(1)
  return underWay?.subscription
}

/**
 * Staging memberships from an earlier confirm with other choices (another price or start date) are
 * set aside, their unpaid payments cancelled, unless a charge of theirs is under way.
 */
async function setAsideEarlierAttempts(tx: Db, now: Date, userId: number) {
  const earlier = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.isStaging, true),
        isNull(subscriptions.cancelledAt),
      ),
    )
  if (earlier.length === 0) return
  const ids = earlier.map((row) => row.id)
  const [underWay] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(inArray(payments.subscriptionId, ids), inArray(payments.status, ['pending_request', 'sent'])))
    .limit(1)
  if (underWay) throw new AppError('CONFLICT', paymentUnderWayMessage)
  await tx
    .update(payments)
    .set({ status: 'cancelled', updatedAt: now })
    .where(inArray(payments.subscriptionId, ids))
  await tx
    .update(subscriptions)
    .set({ cancelledAt: now, updatedAt: now })
    .where(inArray(subscriptions.id, ids))
}

/** What the member reads when the first charge is refused: what happened and what to do next. */
export function declineMessage(errorStatus: string, type: 'bank_account' | 'stripe_card'): string {
  if (type === 'bank_account') {
    return 'Your bank didn’t accept the payment. Connect another account or pay by card.'
  }
  const reasons: Record<string, string> = {
    insufficient_funds: 'Your card was declined: there isn’t enough money on it.',
    expired_card: 'Your card has expired.',
    authentication_required:
      'Your bank wants to confirm this payment with you, which this card can’t do here.',
    processing_error: 'Your card couldn’t be charged because of a processing error.',
  }
  const reason = reasons[errorStatus] ?? 'Your card was declined.'
  return `${reason} Nothing was charged. Try another card, or pay by bank account instead.`
}

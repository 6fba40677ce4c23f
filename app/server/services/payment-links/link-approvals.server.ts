import { and, eq, isNotNull } from 'drizzle-orm'
import { failureReasonWords } from '~/contracts/payment-filters'
import type { Db } from '~/db/client.server'
import { paymentAttempts, paymentMethods, payments } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { recordChargeResult } from '~/server/billing/engine/record-charge-result.server'
import { chargeMethodColumns, chargeMethodOf } from '~/server/billing/engine/run-billing.server'
import { chargedTotal } from '~/server/billing/next-charge'
import { safeErrorMessage } from '~/server/loggable-error.server'
import { logger } from '~/server/logger.server'
import type {
  ChargeMethod,
  ChargeResult,
  PaymentProviders,
} from '~/server/providers/payments/payment-provider'
import type { Mailer } from '../auth/mailer'
import { sendPaymentLinkReceipt } from '../member-notices/membership-notices.server'
import type { ChargeNowOutcome } from '../payments/retry-payment.server'
import { findPaymentLinkByToken } from './find-payment-link.server'
import { payByLink, usableLink } from './pay-by-link.server'

/**
 * Card charges made on the payment link's page that the member's bank wanted them to approve (3-D
 * Secure, issue 26): made on-session, they wait `pending` with an action the member's browser completes
 * (Stripe.js `handleNextAction`, or the sandbox's approval dialog). Their outcome is read from the
 * provider afterwards (`confirmLinkPayment`), by the provider's webhook, or, for one the member left, by
 * the next look at the link (`settleLeftApprovals`) or the engine's poll, which cancel it.
 */

interface WaitingApproval {
  paymentId: number
  attempt: number
  reference: string
  method: ChargeMethod | null
}

/** The link's card charges still waiting at the provider (attempt open, reference known). */
async function findWaitingApprovals(
  db: Db,
  where: { subscriptionId: number; paymentId?: number },
): Promise<WaitingApproval[]> {
  const rows = await db
    .select({
      paymentId: payments.id,
      attempt: paymentAttempts.attempt,
      reference: paymentAttempts.providerReference,
      method: chargeMethodColumns,
    })
    .from(payments)
    .innerJoin(
      paymentAttempts,
      and(eq(paymentAttempts.paymentId, payments.id), eq(paymentAttempts.attempt, payments.attempt)),
    )
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(
      and(
        eq(payments.subscriptionId, where.subscriptionId),
        where.paymentId === undefined ? undefined : eq(payments.id, where.paymentId),
        eq(payments.type, 'stripe_card'),
        eq(payments.status, 'pending_request'),
        eq(paymentAttempts.status, 'unknown'),
        isNotNull(paymentAttempts.providerReference),
      ),
    )
  return rows.map((row) => ({
    paymentId: row.paymentId,
    attempt: row.attempt,
    reference: row.reference ?? '',
    method: chargeMethodOf(row.method),
  }))
}

/**
 * Asks the provider how a waiting charge stands (cancelling it first when `cancel`), and records a
 * final answer; `recorded` when this call recorded it (not the provider's webhook before it).
 */
async function settleApproval(options: {
  db: Db
  now: Date
  providers: PaymentProviders
  waiting: WaitingApproval
  cancel: boolean
}): Promise<{ result: ChargeResult; recorded: boolean }> {
  const { db, now, waiting } = options
  const card = options.providers.card
  const query = { reference: waiting.reference, now, method: waiting.method }
  let result = await card.pollCharge(query)
  if (result.status === 'pending' && result.action && options.cancel && card.cancelCharge)
    result = await card.cancelCharge(query)
  if (result.status === 'pending') return { result, recorded: false }
  const verdict = await recordChargeResult({
    db,
    now,
    paymentId: waiting.paymentId,
    attempt: waiting.attempt,
    result,
  })
  return { result, recorded: verdict === 'recorded' }
}

/**
 * The written confirmation of a link payment approved with the member's bank, sent by whichever step
 * recorded it (this page's confirmation, the next look at the link, or the provider's webhook), once.
 */
export async function sendApprovedPaymentReceipt(options: {
  db: Db
  now: Date
  mailer: Mailer
  paymentId: number
}): Promise<void> {
  const { db } = options
  const [payment] = await db
    .select({ userId: payments.userId, subscriptionId: payments.subscriptionId, status: payments.status })
    .from(payments)
    .where(eq(payments.id, options.paymentId))
  if (payment?.status !== 'sent' || payment.subscriptionId === null) return
  const { userId, subscriptionId } = payment
  await db.transaction((tx) =>
    sendPaymentLinkReceipt({
      db: tx,
      mailer: options.mailer,
      now: options.now,
      memberId: userId,
      subscriptionId,
      paid: [{ paymentId: options.paymentId, status: 'sent' }],
    }),
  )
}

/**
 * Opening the link again ends any approval the member left (the page reloaded or closed mid-check):
 * one they completed meanwhile is recorded as it ended, one still waiting is cancelled at the provider
 * and recorded failed, so the page offers paying again rather than a charge stuck in between. A provider
 * that cannot answer now leaves it for the engine's poll.
 */
export async function settleLeftApprovals(options: {
  db: Db
  now: Date
  providers: PaymentProviders
  mailer: Mailer
  subscriptionId: number
}): Promise<void> {
  for (const waiting of await findWaitingApprovals(options.db, options)) {
    try {
      const settled = await settleApproval({ ...options, waiting, cancel: true })
      if (settled.recorded && settled.result.status === 'succeeded')
        await sendApprovedPaymentReceipt({ ...options, paymentId: waiting.paymentId })
    } catch (error) {
      logger.warn(
        { paymentId: waiting.paymentId, err: { message: safeErrorMessage(error) } },
        'left card approval not settled; the engine’s poll settles it',
      )
    }
  }
}

/**
 * How a link's payment stands now, from its row (a webhook may have recorded it first), and the method
 * it was charged to (the rest of what is owed is paid with it).
 */
async function paymentOutcome(
  db: Db,
  subscriptionId: number,
  paymentId: number,
  approval: ChargeResult | null,
): Promise<{ outcome: ChargeNowOutcome; paymentMethodId: number | null }> {
  const [row] = await db
    .select({
      paymentMethodId: payments.paymentMethodId,
      type: payments.type,
      status: payments.status,
      amount: payments.amount,
      surcharge: payments.surcharge,
      creditUsed: payments.creditUsed,
      errorStatus: payments.errorStatus,
      errorDescription: payments.errorDescription,
      accountReference: paymentMethods.providerAccountReference,
    })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(and(eq(payments.id, paymentId), eq(payments.subscriptionId, subscriptionId)))
  // Only a card charge of this link that was made (waiting, paid or declined) is confirmed.
  if (row?.type !== 'stripe_card' || !['pending_request', 'sent', 'failed'].includes(row.status))
    throw new AppError('NOT_FOUND', 'Payment not found.')
  const base = { paymentId, amount: chargedTotal(row) }
  const { paymentMethodId } = row
  if (row.status === 'sent') return { outcome: { status: 'sent', ...base }, paymentMethodId }
  if (row.status === 'failed') {
    const reason = failureReasonWords(row.errorStatus, row.errorDescription)
    return { outcome: { status: 'failed', ...base, reason }, paymentMethodId }
  }
  const action = approval?.status === 'pending' ? approval.action : undefined
  const waiting = action && { clientSecret: action.clientSecret, accountReference: row.accountReference }
  return { outcome: { status: 'pending', ...base, approval: waiting }, paymentMethodId }
}

/**
 * After the member's browser has done their bank's check: the charge's outcome read from the provider
 * and recorded (once, whichever of this and the provider's webhook comes first), then, when it was paid,
 * the rest of what the link owes charged as the Pay press asked (`payByLink`, the same method). Answers
 * every outcome, the confirmed one first; one still waiting is answered with its approval again.
 */
export async function confirmLinkPayment(options: {
  db: Db
  now: Date
  providers: PaymentProviders
  mailer: Mailer
  token: string
  paymentId: number
  returnUrl: string
}): Promise<{ outcomes: ChargeNowOutcome[]; balanceOwing: number }> {
  const { db, now, providers } = options
  const link = await findPaymentLinkByToken(db, options.token)
  usableLink(link, now)
  const [waiting] = await findWaitingApprovals(db, {
    subscriptionId: link.subscriptionId,
    paymentId: options.paymentId,
  })
  const settled = waiting ? await settleApproval({ db, now, providers, waiting, cancel: false }) : null
  const { outcome: confirmed, paymentMethodId } = await paymentOutcome(
    db,
    link.subscriptionId,
    options.paymentId,
    settled?.result ?? null,
  )
  // Recorded before this call (the provider's webhook): its receipt went with it.
  if (confirmed.status === 'sent' && !settled?.recorded) confirmed.receipted = true
  return payByLink({
    db,
    now,
    providers,
    mailer: options.mailer,
    token: options.token,
    paymentMethodId: paymentMethodId ?? undefined,
    makeDefault: false,
    returnUrl: options.returnUrl,
    before: [confirmed],
  })
}

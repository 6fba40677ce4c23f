import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { paymentLinks, subscriptions } from '~/db/schema'
import { AppError } from '~/lib/errors'
import {
  claimOwedPeriodCharge,
  findOwedFailures,
  lockOwedPeriod,
} from '~/server/billing/engine/owed-periods.server'
import type { PaymentProviders } from '~/server/providers/payments/payment-provider'
import type { Mailer } from '../auth/mailer'
import { sendPaymentLinkReceipt } from '../member-notices/membership-notices.server'
import { changePaymentMethod, requireCardsAtHomeGym } from '../payment-methods/change-payment-method.server'
import { findMemberPaymentMethodList } from '../payment-methods/find-member-payment-methods.server'
import { type ChargeNowOutcome, chargeClaimedNow } from '../payments/retry-payment.server'
import { findPaymentLinkByToken, paymentLinkState } from './find-payment-link.server'

export const usedLinkMessage =
  'This link has already been used: your payment is done. Nothing more is owed through it.'
export const expiredLinkMessage = 'This link has expired. Ask the gym to send you a new one.'

/** A link that can still pay, or the reason in words why not. */
export function usableLink(link: Parameters<typeof paymentLinkState>[0], now: Date) {
  const state = paymentLinkState(link, now)
  if (state === 'used') throw new AppError('CONFLICT', usedLinkMessage)
  if (state === 'expired') throw new AppError('CONFLICT', expiredLinkMessage)
}

/** A charge that ends a Pay press's run: declined, or waiting for the member's bank approval. */
const stopsHere = (outcome: ChargeNowOutcome) =>
  outcome.status === 'failed' || (outcome.status === 'pending' && outcome.approval !== undefined)

/**
 * A member pays what their membership owes through a payment link (issue 16): each owed period is
 * charged in turn through the engine's path (`claimOwedPeriodCharge`, the key stored before the
 * provider is called), with the saved method they chose, optionally made their default first
 * (`changePaymentMethod`, agreed by ticking "use for future payments", and confirmed by e-mail). A
 * success settles the period and, once nothing is owed, ends the grace period (`recordChargeResult`
 * recalculates as the engine does). The link is used up once every period is paid or accepted by the
 * bank; a decline stops there and leaves the link working for another method.
 *
 * The member is on the page, so card charges are made on-session (issue 26): one whose bank wants the
 * member to approve it stops the run `pending` with its approval, for their browser to complete and
 * `confirmLinkPayment` to carry on from (`before`: what that confirmation already settled).
 */
export async function payByLink(options: {
  db: Db
  now: Date
  providers: PaymentProviders
  mailer: Mailer
  token: string
  paymentMethodId?: number | undefined
  makeDefault: boolean
  /** Where a bank's redirect-based approval brings the member back to: the link's page. */
  returnUrl: string
  /** Outcomes already settled for this press (a confirmed approval): a stop among them charges nothing more. */
  before?: ChargeNowOutcome[]
}): Promise<{ outcomes: ChargeNowOutcome[]; balanceOwing: number }> {
  const { db, now, providers } = options
  const link = await findPaymentLinkByToken(db, options.token)
  usableLink(link, now)
  const outcomes: ChargeNowOutcome[] = [...(options.before ?? [])]
  if (!outcomes.some(stopsHere)) {
    const { methods, defaultId } = await findMemberPaymentMethodList({ db, userId: link.userId })
    const paying = methods.find((method) => method.id === (options.paymentMethodId ?? defaultId))
    if (paying?.type === 'stripe_card') await requireCardsAtHomeGym(db, link.userId)
    // Ticking "use for future payments" is the member's agreement: confirmed by e-mail (issue 25).
    if (options.makeDefault && options.paymentMethodId !== undefined) {
      await changePaymentMethod({
        db,
        now,
        mailer: options.mailer,
        organisationId: link.organisationId,
        userId: link.userId,
        paymentMethodId: options.paymentMethodId,
        agreed: true,
      })
    }
    const owed = await findOwedFailures(db, [link.subscriptionId])
    for (const failure of owed) {
      const charge = await db.transaction(async (tx) => {
        const period = await lockOwedPeriod(tx, failure.id)
        return claimOwedPeriodCharge(tx, { now, providers, period, paymentMethodId: options.paymentMethodId })
      })
      const outcome = await chargeClaimedNow({
        db,
        now,
        providers,
        charge,
        onSession: { returnUrl: options.returnUrl },
      })
      outcomes.push(outcome)
      if (stopsHere(outcome)) break
    }
  }
  if (!outcomes.some(stopsHere)) {
    await db
      .update(paymentLinks)
      .set({ usedAt: now, updatedAt: now })
      .where(and(eq(paymentLinks.id, link.id), isNull(paymentLinks.usedAt)))
  }
  // A receipt for what was paid or is on its way from the bank (issue 25), in one e-mail.
  const paid = outcomes.flatMap((outcome) =>
    stopsHere(outcome) || (outcome.status === 'sent' && outcome.receipted)
      ? []
      : [{ paymentId: outcome.paymentId, status: outcome.status === 'sent' ? 'sent' : 'pending' } as const],
  )
  if (paid.length > 0) {
    await db.transaction((tx) =>
      sendPaymentLinkReceipt({
        db: tx,
        mailer: options.mailer,
        now,
        memberId: link.userId,
        subscriptionId: link.subscriptionId,
        paid,
      }),
    )
  }
  const [after] = await db
    .select({ balanceOwing: subscriptions.balanceOwing })
    .from(subscriptions)
    .where(eq(subscriptions.id, link.subscriptionId))
  return { outcomes, balanceOwing: after?.balanceOwing ?? 0 }
}

import type { PaymentType } from '~/contracts/join-payment'
import type { PaymentLinkDetail } from '~/contracts/pay'
import { failureReasonWords } from '~/contracts/payment-filters'
import { isHardDecline } from '~/server/billing/engine/policy'
import type { findPaymentLinkDetail } from '~/server/services/payment-links/find-payment-link.server'

const noTotal = { surcharge: 0, total: 0 }

/**
 * A payment link as its page shows it: the member by first name only (whoever holds the link sees no
 * more than the e-mail said), what is owed per period and why, and the saved methods, masked.
 */
export function toPaymentLinkResource(
  detail: Awaited<ReturnType<typeof findPaymentLinkDetail>>,
  methods: PaymentType[],
  takesCards: boolean,
): PaymentLinkDetail {
  const usable = detail.state === 'usable'
  return {
    state: detail.state,
    expires_at: detail.link.expiresAt.toISOString(),
    organisation_name: detail.organisationName,
    gym_name: detail.gymName,
    membership_name: detail.offeringName,
    member_first_name: detail.memberName.trim().split(/\s+/)[0] ?? '',
    balance_owing: detail.subscription.balanceOwing,
    grace_period_ends_at: detail.subscription.cancelledAt ? null : detail.subscription.gracePeriodEndsAt,
    owed: usable
      ? detail.owed.map((payment) => ({
          payment_id: payment.id,
          period_start_at: payment.periodStartAt,
          period_end_at: payment.periodEndAt,
          due_on: payment.dueOn,
          // The fee owed; the surcharge depends on the method chosen (`totals`).
          amount: payment.amount - payment.creditUsed,
          reason: failureReasonWords(payment.errorStatus, payment.errorDescription),
          needs_new_method: isHardDecline(payment.errorStatus),
        }))
      : [],
    methods: usable ? methods.filter((method) => takesCards || method.type !== 'stripe_card') : [],
    takes_cards: takesCards,
    from_account: detail.link.createdByUserId === detail.link.userId,
    totals: usable ? detail.totals : { bank_account: noTotal, stripe_card: noTotal },
  }
}

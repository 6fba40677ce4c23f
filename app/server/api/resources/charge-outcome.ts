import type { PayByLinkAnswer } from '~/contracts/pay'
import type { RetryAnswer } from '~/contracts/payments'
import type { ProviderConfig } from '~/server/providers/provider-config.server'
import type { ChargeNowOutcome } from '~/server/services/payments/retry-payment.server'

/** What a charge made now did (staff's "Retry now", each charge of a Pay press). */
export function toRetryAnswer(outcome: ChargeNowOutcome): RetryAnswer {
  return {
    status: outcome.status,
    payment_id: outcome.paymentId,
    amount: outcome.amount,
    failure_reason: outcome.status === 'failed' ? outcome.reason : null,
  }
}

/** What a Pay press did, each charge waiting for the member's approval with what their browser needs. */
export function toPayByLinkAnswer(
  paid: { outcomes: ChargeNowOutcome[]; balanceOwing: number },
  cards: ProviderConfig['cards'],
): PayByLinkAnswer {
  return {
    outcomes: paid.outcomes.map((outcome) => {
      const approval = outcome.status === 'pending' ? outcome.approval : undefined
      return {
        ...toRetryAnswer(outcome),
        approval: !approval
          ? null
          : cards.provider === 'stripe'
            ? {
                provider: 'stripe' as const,
                client_secret: approval.clientSecret,
                publishable_key: cards.publishableKey,
                account: approval.accountReference ?? '',
              }
            : { provider: 'sandbox_card' as const, client_secret: approval.clientSecret },
      }
    }),
    balance_owing: paid.balanceOwing,
  }
}

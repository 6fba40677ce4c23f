import type { AccountBalance, AccountPayment } from '~/contracts/account-payments'
import type { findAccountBalance } from '~/server/services/account/account-balance.server'
import type { AccountPaymentEntry } from '~/server/services/account/find-account-payments.server'

/** One of the member's own payments as their account lists it (issue 28). */
export function toAccountPaymentResource(entry: AccountPaymentEntry): AccountPayment {
  const { payment } = entry
  return {
    id: payment.id,
    due_on: payment.dueOn,
    paid_at: payment.paidAt?.toISOString() ?? null,
    amount: entry.amount,
    state: entry.state,
    state_words: entry.stateWords,
    for_words: entry.forWords,
    period_start_at: payment.periodStartAt,
    period_end_at: payment.periodEndAt,
    has_receipt: entry.state === 'paid',
  }
}

export function toAccountBalanceResource(
  balance: Awaited<ReturnType<typeof findAccountBalance>>,
  hasAgreement: boolean,
): AccountBalance {
  return {
    balance_owing: balance.balanceOwing,
    grace_period_ends_at: balance.gracePeriodEndsAt,
    owed: balance.owed.map((owed) => ({
      payment_id: owed.paymentId,
      due_on: owed.dueOn,
      amount: owed.amount,
      reason: owed.reason,
    })),
    has_agreement: hasAgreement,
  }
}

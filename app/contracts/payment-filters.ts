/**
 * The payments list's filter values and words, without zod: the route's search params read them on
 * every page (ADR 024), and the contract builds its schemas from them.
 */

/** Statuses as staff name them (SPEC §4: sent, upcoming, pending; anything else failed; waived by staff). */
export const paymentFilterStatuses = ['sent', 'upcoming', 'pending', 'failed', 'waived'] as const
export type PaymentFilterStatus = (typeof paymentFilterStatuses)[number]

/** How the member paid: their bank account, a card, or at the desk (cash, EFTPOS, transfer). */
export const paymentFilterTypes = ['bank', 'card', 'manual'] as const
export type PaymentFilterType = (typeof paymentFilterTypes)[number]

export const paymentFilterTypeLabels: Record<PaymentFilterType, string> = {
  bank: 'Bank account',
  card: 'Card',
  manual: 'At the desk',
}

/** How a payment was paid, in words (the list's column and its CSV). */
export const paymentTypeWords = {
  bank_account: paymentFilterTypeLabels.bank,
  stripe_card: paymentFilterTypeLabels.card,
  manual: paymentFilterTypeLabels.manual,
} as const

export const paymentFilterStatusLabels: Record<PaymentFilterStatus, string> = {
  sent: 'Sent',
  upcoming: 'Upcoming',
  pending: 'Pending',
  failed: 'Failed',
  waived: 'Waived',
}

/** Sorts: a column, descending with a leading `-`. Newest due first by default. */
export const paymentSorts = ['-due_on', 'due_on', '-amount', 'amount', 'member', '-member'] as const
export type PaymentSort = (typeof paymentSorts)[number]

/** The largest amount a filter takes, in cents: a million dollars. */
export const MAX_FILTER_AMOUNT = 100_000_000

/**
 * Why a payment failed, in the words staff read (not `insufficient_funds`). Codes come from the card
 * and bank providers (and their sandboxes); one we don't know is shown as the provider described it,
 * else as its code in words.
 */
const failureWords: Record<string, string> = {
  insufficient_funds: 'Insufficient funds',
  card_declined: 'Card declined',
  generic_decline: 'Card declined',
  do_not_honor: 'Declined by the card’s bank',
  expired_card: 'Card expired',
  incorrect_cvc: 'Wrong security code',
  lost_card: 'Card reported lost',
  stolen_card: 'Card reported stolen',
  processing_error: 'Card network error',
  authentication_required: 'The member must approve the payment',
  payment_intent_authentication_failure: 'Not approved at the bank',
  amount_too_small: 'Amount too small to charge',
  payment_method_not_found: 'No payment method on file',
  invalid_account: 'Bank account not valid',
  account_not_found: 'Bank account not found',
  account_closed: 'Bank account closed',
  bank_error: 'Bank error',
  reauthenticate_akahu: 'Bank connection ended',
  limit_exceeded: 'Above the bank’s payment limit',
  cancelled_by_member: 'Cancelled by the member at their bank',
  payment_cancelled: 'Payment cancelled before it was sent',
  payment_refused: 'Refused by the open-banking service',
  no_destination_account: 'The gym has no bank account to receive it',
}

export function failureReasonWords(code: string | null, description: string | null): string {
  if (code && failureWords[code]) return failureWords[code]
  if (description) return description
  if (code) {
    const words = code.replaceAll('_', ' ').trim()
    return words.charAt(0).toUpperCase() + words.slice(1)
  }
  return 'No reason given'
}

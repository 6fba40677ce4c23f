/**
 * Stripe's card errors (docs.stripe.com/declines/codes, PROVIDERS.md §1.2) as the payment's error
 * status and the words a gym owner reads beside it. The top-level `code` is usually `card_declined`
 * with the reason in `decline_code`; a few reasons come as the top-level code itself
 * (`expired_card`, `incorrect_cvc`, `processing_error`, `authentication_required`).
 */
const words: Record<string, string> = {
  card_declined:
    "The member's bank declined the card. Ask the member to contact their bank or add another card.",
  generic_decline:
    "The member's bank declined the card without saying why. Ask the member to contact their bank or add another card.",
  do_not_honor:
    "The member's bank declined the card without saying why. Ask the member to contact their bank or add another card.",
  insufficient_funds:
    'The card did not have enough funds. Ask the member to top up their account or add another card.',
  expired_card: 'The card has expired. Ask the member to add a new card.',
  incorrect_cvc: "The card's security code was wrong. Ask the member to add the card again.",
  incorrect_number: 'The card number is no longer valid. Ask the member to add another card.',
  lost_card: 'The card was reported lost. Ask the member to add another card.',
  stolen_card: 'The card was reported stolen. Ask the member to add another card.',
  pickup_card: 'The bank has asked for the card to be kept. Ask the member to add another card.',
  fraudulent:
    "The member's bank declined the card as possibly fraudulent. Ask the member to contact their bank or add another card.",
  card_velocity_exceeded:
    "The card has reached its bank's spending limit for now. Trying again later, or another card, usually works.",
  withdrawal_count_limit_exceeded:
    "The card has reached its bank's spending limit for now. Trying again later, or another card, usually works.",
  processing_error:
    'The card payment could not be processed because of a temporary problem. Trying again later usually works.',
  try_again_later:
    'The card payment could not be processed because of a temporary problem. Trying again later usually works.',
  authentication_required:
    "The member's bank wants them to approve this payment themselves, so it cannot be taken automatically. They have been sent a link to approve it.",
  payment_intent_authentication_failure:
    "The member didn't approve the payment with their bank (the check failed, or they left it). They can pay again with the payment link.",
  amount_too_small: 'Card payments must be at least $0.50.',
  payment_method_not_found:
    'The saved card is no longer on file with the card provider. Ask the member to add it again.',
  card_account_unavailable:
    "The gym's card account could not be reached with Gymbase's keys (it may have been disconnected). An organisation admin should reconnect card payments.",
}

/** The reasons Stripe gives as a top-level `code`, kept as they are. */
const topLevelReasons = new Set([
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'processing_error',
  'authentication_required',
  'payment_intent_authentication_failure',
  'amount_too_small',
])

export function declineStatus(error: { code?: string | null; decline_code?: string | null }): string {
  const code = error.code ?? null
  if (code && topLevelReasons.has(code)) return code
  // `authentication_required` also comes as a decline_code under `card_declined`.
  if (error.decline_code) return error.decline_code
  return code ?? 'card_declined'
}

/** Words for a gym owner; a reason we have no words for keeps Stripe's message, which is written for people. */
export function declineDescription(status: string, stripeMessage?: string | null): string {
  return (
    words[status] ??
    (stripeMessage
      ? `The card was declined: ${stripeMessage}`
      : "The member's bank declined the card. Ask the member to contact their bank or add another card.")
  )
}

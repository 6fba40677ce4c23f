import { loadStripe } from '@stripe/stripe-js/pure'
import type { PaymentApprovalAnswer } from '~/contracts/pay'

/**
 * The member's bank check of a card charge with Stripe (issue 26): Stripe.js on the gym's connected
 * account runs `handleNextAction` with the charge's client secret — its 3-D Secure modal, or the bank's
 * own page, which brings the member back to the link's page. How it ended is not taken from here: our
 * server reads the charge from Stripe afterwards. Loaded with a dynamic import, only when a charge waits.
 */
export async function approveWithStripe(
  approval: Extract<PaymentApprovalAnswer, { provider: 'stripe' }>,
): Promise<'checked' | 'did-not-load'> {
  const stripe = await loadStripe(approval.publishable_key, { stripeAccount: approval.account }).catch(
    () => null,
  )
  if (!stripe) return 'did-not-load'
  await stripe.handleNextAction({ clientSecret: approval.client_secret }).catch(() => undefined)
  return 'checked'
}

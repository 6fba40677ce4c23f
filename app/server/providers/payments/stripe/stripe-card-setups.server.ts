import Stripe from 'stripe'
import type { CardSetup, CardSetupProvider } from '../payment-method-setup'
import { defaultRateLimitPolicy, type RateLimitPolicy, withRateLimitRetry } from './stripe-client.server'

/**
 * Saving a card with Stripe (PROVIDERS.md §1.1, §1.4, ADR 036): the customer and the SetupIntent are made
 * on the gym's connected account (`Stripe-Account`), because direct charges need the card to live
 * there; `usage: off_session` so the billing engine may charge it later without the member. The
 * browser confirms the SetupIntent with Stripe.js (initialised with the same `stripeAccount`), and
 * `retrieveSetup` reads back only what Stripe reports of the card.
 */
export function createStripeCardSetups(options: {
  stripe: Stripe
  rateLimit?: RateLimitPolicy
}): CardSetupProvider {
  const { stripe } = options
  const rateLimit = options.rateLimit ?? defaultRateLimitPolicy
  return {
    name: 'stripe',
    async createSetup({ accountId, customerReference, metadata, now }) {
      if (!accountId?.startsWith('acct_')) {
        throw new Error('A Stripe card is saved on the gym’s connected account: the gym has none')
      }
      const stripeAccount = accountId
      const tag = Object.fromEntries(Object.entries(metadata).map(([key, value]) => [key, String(value)]))
      // One key per member, gym and moment: a double press inside the same millisecond makes one customer.
      const keyBase = `gymbase-setup-${accountId}-${tag.user_id ?? 'member'}-${now.getTime()}`
      const customer =
        customerReference ??
        (
          await withRateLimitRetry(rateLimit, () =>
            stripe.customers.create(
              { metadata: tag },
              { stripeAccount, idempotencyKey: `${keyBase}-customer` },
            ),
          )
        ).id
      const intent = await withRateLimitRetry(rateLimit, () =>
        stripe.setupIntents.create(
          { customer, usage: 'off_session', metadata: tag },
          { stripeAccount, idempotencyKey: `${keyBase}-setup` },
        ),
      )
      if (!intent.client_secret) throw new Error('Stripe made a SetupIntent without a client secret')
      return { id: intent.id, clientSecret: intent.client_secret }
    },

    async retrieveSetup({ id, accountId }) {
      if (!accountId?.startsWith('acct_') || !/^seti_[A-Za-z0-9_]+$/.test(id)) return null
      let intent: Stripe.SetupIntent
      try {
        intent = await withRateLimitRetry(rateLimit, () =>
          stripe.setupIntents.retrieve(id, { expand: ['payment_method'] }, { stripeAccount: accountId }),
        )
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
          return null
        throw error
      }
      return toCardSetup(intent, accountId)
    },
    async detachCard({ reference, accountId }) {
      if (!accountId?.startsWith('acct_') || !/^pm_[A-Za-z0-9_]+$/.test(reference)) return
      try {
        await withRateLimitRetry(rateLimit, () =>
          stripe.paymentMethods.detach(reference, {}, { stripeAccount: accountId }),
        )
      } catch (error) {
        // No longer on the account, or on no customer (detached before): Stripe has nothing to forget.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          (error.code === 'resource_missing' || /not attached to a customer/.test(error.message))
        )
          return
        throw error
      }
    },
  }
}

function toCardSetup(intent: Stripe.SetupIntent, accountId: string): CardSetup {
  const metadata = revive(intent.metadata ?? {})
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : null
  const card = method?.card
  const customer = typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null)
  if (intent.status === 'succeeded' && method && card) {
    return {
      id: intent.id,
      metadata,
      status: 'succeeded',
      card: {
        reference: method.id,
        brand: card.brand,
        lastFour: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
        country: card.country ?? null,
        customerReference: customer,
        accountReference: accountId,
      },
    }
  }
  const error = intent.last_setup_error
  return {
    id: intent.id,
    metadata,
    status: 'requires_payment_method',
    error: error
      ? { code: error.code ?? 'setup_failed', message: error.message ?? 'Your card was declined.' }
      : null,
  }
}

/** Stripe keeps metadata as strings; ours was numbers (ids), which `saveCard` compares as numbers. */
function revive(metadata: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(metadata).map(([key, value]) => [
      key,
      /^(0|[1-9]\d{0,14})$/.test(value) ? Number(value) : value,
    ]),
  )
}

import Stripe from 'stripe'
import type { CardAccount, CardAccountProvider } from '../card-accounts'
import { defaultRateLimitPolicy, type RateLimitPolicy, withRateLimitRetry } from './stripe-client.server'

/**
 * Each gym's own Stripe account (Connect, PROVIDERS.md §1.4, ADR 036): a Standard account made for the
 * gym, an Account Link (`account_onboarding`, single use, minutes long, never stored or logged) to
 * Stripe's hosted onboarding, and the account re-read when the owner comes back, because reaching the
 * return address proves nothing.
 */
export function createStripeCardAccounts(options: {
  stripe: Stripe
  rateLimit?: RateLimitPolicy
}): CardAccountProvider {
  const { stripe } = options
  const rateLimit = options.rateLimit ?? defaultRateLimitPolicy
  return {
    name: 'stripe',
    async createAccount({ metadata, businessName }) {
      const account = await withRateLimitRetry(rateLimit, () =>
        stripe.accounts.create(
          { type: 'standard', country: 'NZ', business_profile: { name: businessName }, metadata },
          // One key per gym, not per press: a retry of this request (a timeout, a 429) and a second press
          // of "Connect" while the first is under way both get the first one's account, not a second
          // account (Stripe keeps a key 24 hours; after that the service reuses the account it recorded).
          { idempotencyKey: `gymbase-account-${metadata.gym_uuid ?? businessName}` },
        ),
      )
      return { accountId: account.id }
    },

    async createOnboardingLink({ accountId, returnUrl, refreshUrl }) {
      // No idempotency key of ours: each call must mint a fresh link (a used one is refused by Stripe).
      const link = await withRateLimitRetry(rateLimit, () =>
        stripe.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          return_url: returnUrl,
          refresh_url: refreshUrl,
        }),
      )
      return { url: link.url, expiresAt: new Date(link.expires_at * 1000) }
    },

    async retrieveAccount({ accountId }) {
      if (!/^acct_[A-Za-z0-9]+$/.test(accountId)) return null
      try {
        const account = await withRateLimitRetry(rateLimit, () => stripe.accounts.retrieve(accountId))
        return toCardAccount(account)
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripePermissionError ||
          (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        ) {
          return null
        }
        throw error
      }
    },
  }
}

function toCardAccount(account: Stripe.Account): CardAccount {
  return {
    id: account.id,
    businessName: account.business_profile?.name ?? account.settings?.dashboard?.display_name ?? null,
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
  }
}

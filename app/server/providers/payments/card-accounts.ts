/**
 * A gym's own card-payments account with the card provider (Stripe Connect, PROVIDERS.md §1.4): made
 * for the gym, filled in by its owner on the provider's hosted onboarding page, re-read afterwards.
 * The sandbox (`card-account-sandbox.server.ts`) implements it now; the Stripe adapter later does the
 * same with `POST /v1/accounts`, `POST /v1/account_links` (`type=account_onboarding`) and
 * `GET /v1/accounts/{id}`, and nothing behind this interface changes.
 */
export interface CardAccountProvider {
  readonly name: 'sandbox_connect' | 'stripe'
  /** A new connected account (Stripe: `type=standard`), with our metadata on it. */
  createAccount(options: { metadata: Record<string, string>; businessName: string; now: Date }): Promise<{
    accountId: string
  }>
  /**
   * A single-use onboarding link (Stripe's Account Link: a few minutes, never stored or logged). The owner
   * comes back to `returnUrl` when they finish or leave; to `refreshUrl` when the link was used or expired.
   */
  createOnboardingLink(options: {
    accountId: string
    returnUrl: string
    refreshUrl: string
    now: Date
  }): Promise<{ url: string; expiresAt: Date }>
  /** The account as the provider has it now; null when it names no account. */
  retrieveAccount(options: { accountId: string }): Promise<CardAccount | null>
}

export interface CardAccount {
  id: string
  businessName: string | null
  /** The owner submitted the onboarding form: reaching the return address does not prove it. */
  detailsSubmitted: boolean
  chargesEnabled: boolean
  payoutsEnabled: boolean
}

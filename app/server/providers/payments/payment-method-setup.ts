/**
 * How a member's card or bank account comes to be saved (issue 14), apart from charging it
 * (`payment-provider.ts`). The shapes follow the real providers so their adapters slot in behind them:
 *
 * - Cards follow Stripe's SetupIntent: the server creates a setup and hands its client secret to the
 *   browser; the browser confirms it with the card's details straight to the provider (Stripe's Payment
 *   Element; the sandbox's own card form), so the number never passes through our server; the server then
 *   reads the setup back and keeps only what the provider reports (brand, last four, expiry, country).
 * - Bank accounts follow Akahu's OAuth: the member is sent to the provider's consent page with a `state`,
 *   chooses the accounts to share, and comes back with a one-time code; the server exchanges the code for
 *   an access token and lists the shared accounts with it.
 */

export interface SavedCard {
  /** The provider's payment method (`pm_…`), charged later off-session. */
  reference: string
  brand: string
  lastFour: string
  expMonth: number
  expYear: number
  country: string | null
  /** The card provider's customer (`cus_…`) the card is attached to; null in the sandbox. */
  customerReference?: string | null
  /** The gym's connected account (`acct_…`) the customer and card live on (direct charges). */
  accountReference?: string | null
}

export type CardSetup = {
  id: string
  /** What the server attached when creating it (Stripe's `metadata`): whose card this is. */
  metadata: Record<string, unknown>
} & (
  | {
      status: 'requires_payment_method'
      /** The last refusal, as Stripe's `last_setup_error`: e.g. a card that declined when saved. */
      error: { code: string; message: string } | null
    }
  | { status: 'succeeded'; card: SavedCard }
)

export interface CardSetupProvider {
  readonly name: 'sandbox_card' | 'stripe'
  createSetup(options: {
    /** The gym's connected card account (`gyms.stripe_id`): the card is saved there. */
    accountId: string | null
    /** The member's customer on that account, when a card of theirs was saved there before. */
    customerReference?: string | null
    metadata: Record<string, string | number>
    now: Date
  }): Promise<{
    id: string
    clientSecret: string
  }>
  /** Null when the provider has no such setup. */
  retrieveSetup(options: { id: string; accountId: string | null }): Promise<CardSetup | null>
  /**
   * The member removed the card (issue 28): the provider forgets it (Stripe `POST
   * /v1/payment_methods/{id}/detach`), so it can't be charged again. A card the provider no longer
   * has is already forgotten: not an error.
   */
  detachCard(options: { reference: string; accountId: string | null; now: Date }): Promise<void>
}

export interface SharedBankAccount {
  /** The provider's account id (`acc_…`), charged later. */
  reference: string
  /** As the bank names it, e.g. "Everyday". */
  name: string
  /** The whole number, BB-bbbb-AAAAAAA-SS(S). */
  accountNumber: string
}

export interface BankConsentProvider {
  readonly name: 'sandbox_bank' | 'akahu'
  /**
   * Whether the provider's test bank (bank code 99, Akahu's Demo Bank) holds real accounts for it: the
   * sandbox's, and Akahu's in test mode. Those numbers fail the IRD checksum, so they are let through.
   */
  readonly demoBank: boolean
  /** Where to send the member to consent; they come back to `redirectUri` with `code` and `state`. */
  authorisationUrl(options: { state: string; redirectUri: string }): string
  /** A used, unknown or mismatched code gives null. */
  exchangeCode(options: {
    code: string
    redirectUri: string
    now: Date
  }): Promise<{ accessToken: string } | null>
  /**
   * The accounts the member shared that can make payments. Throws `BankConsentEndedError` when the
   * token was revoked, `PaymentProviderUnavailableError` when the provider did not answer.
   */
  listAccounts(options: { accessToken: string }): Promise<SharedBankAccount[]>
  /** Ends the consent the token stands for; a token already revoked is no error. */
  revoke(options: { accessToken: string }): Promise<void>
}

/** The member's consent was revoked (at their bank, at the provider, or by us): they must connect again. */
export class BankConsentEndedError extends Error {
  override readonly name = 'BankConsentEndedError'
  constructor() {
    super('The bank consent has ended')
  }
}

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
  createSetup(options: { metadata: Record<string, string | number>; now: Date }): Promise<{
    id: string
    clientSecret: string
  }>
  /** Null when the provider has no such setup. */
  retrieveSetup(options: { id: string }): Promise<CardSetup | null>
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
  /** Where to send the member to consent; they come back to `redirectUri` with `code` and `state`. */
  authorisationUrl(options: { state: string; redirectUri: string }): string
  /** A used, unknown or mismatched code gives null. */
  exchangeCode(options: {
    code: string
    redirectUri: string
    now: Date
  }): Promise<{ accessToken: string } | null>
  listAccounts(options: { accessToken: string }): Promise<SharedBankAccount[]>
}

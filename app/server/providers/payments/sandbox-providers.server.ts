import type { Db } from '~/db/client.server'
import { createBankConsentSandbox } from './bank-consent-sandbox.server'
import { createBankSandbox } from './bank-sandbox.server'
import { createCardAccountSandbox } from './card-account-sandbox.server'
import type { CardAccountProvider } from './card-accounts'
import { createCardSandbox } from './card-sandbox.server'
import { createSandboxCardSetups } from './card-setup-sandbox.server'
import type { BankConsentProvider, CardSetupProvider } from './payment-method-setup'
import type { PaymentProviders } from './payment-provider'
import type { SandboxOptions } from './sandbox-ledger.server'

/** The default payment providers when no Stripe or Akahu keys are configured (DESIGN §6). */
export function createSandboxProviders(options: SandboxOptions): PaymentProviders {
  return { card: createCardSandbox(options), bank: createBankSandbox(options) }
}

/** Everything the API needs of the payment providers: charging, and saving a card or bank account. */
export interface PaymentServices {
  charges: PaymentProviders
  cardSetups: CardSetupProvider
  bankConsents: BankConsentProvider
  /** Each gym's own card-payments account (Stripe Connect onboarding, issue 17). */
  cardAccounts: CardAccountProvider
}

/** The sandboxes behind every interface, until the Stripe and Akahu adapters arrive (issue 14). */
export function createSandboxPaymentServices(options: { db: Db }): PaymentServices {
  return {
    charges: createSandboxProviders({ db: options.db }),
    cardSetups: createSandboxCardSetups({ db: options.db }),
    bankConsents: createBankConsentSandbox({ db: options.db }),
    cardAccounts: createCardAccountSandbox({ db: options.db }),
  }
}

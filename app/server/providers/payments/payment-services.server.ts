import type Stripe from 'stripe'
import type { Db } from '~/db/client.server'
import type { ProviderConfig, StripeConfig } from '../provider-config.server'
import { createBankServices } from './bank-services.server'
import { createCardAccountSandbox } from './card-account-sandbox.server'
import { createCardSandbox } from './card-sandbox.server'
import { createSandboxCardSetups } from './card-setup-sandbox.server'
import type { PaymentServices } from './sandbox-providers.server'
import { createStripeCardAccounts } from './stripe/stripe-card-accounts.server'
import { createStripeCardSetups } from './stripe/stripe-card-setups.server'
import { createStripeCharges } from './stripe/stripe-charges.server'
import { createStripeClient } from './stripe/stripe-client.server'

/**
 * The payment providers the configuration chose (issue 26 point 1, `getProviderConfig`), in one place:
 * the card side (charges, saving cards, gyms' card accounts) is Stripe when its keys are set, else the
 * card sandbox; the bank side (charges and consents) is Akahu's when its keys are set, else the bank
 * sandbox (`createBankServices`). Building them calls no provider.
 */
export function createPaymentServices(config: ProviderConfig, db: Db): PaymentServices {
  const bank = createBankServices(config.bank, db)
  if (config.cards.provider === 'stripe') {
    const stripe = stripeClientFor(config.cards)
    return {
      charges: { card: createStripeCharges({ stripe }), bank: bank.charges },
      cardSetups: createStripeCardSetups({ stripe }),
      cardAccounts: createStripeCardAccounts({ stripe }),
      bankConsents: bank.consents,
    }
  }
  return {
    charges: { card: createCardSandbox({ db }), bank: bank.charges },
    cardSetups: createSandboxCardSetups({ db }),
    cardAccounts: createCardAccountSandbox({ db }),
    bankConsents: bank.consents,
  }
}

/** One client (and its connection pool) per key for the process, not one per request. */
const clients = new Map<string, Stripe>()

function stripeClientFor(config: StripeConfig): Stripe {
  const key = `${config.secretKey}\n${config.apiBase ?? ''}`
  let client = clients.get(key)
  if (!client) {
    client = createStripeClient(config)
    clients.set(key, client)
  }
  return client
}

import type Stripe from 'stripe'
import type { Db } from '~/db/client.server'
import type { ProviderConfig, StripeConfig } from '../provider-config.server'
import { createBankServices } from './bank-services.server'
import { createCardAccountSandbox } from './card-account-sandbox.server'
import { createCardSandbox } from './card-sandbox.server'
import { createSandboxCardSetups } from './card-setup-sandbox.server'
import {
  akahuPace,
  createProviderLimiter,
  type ProviderLimiter,
  type ProviderPace,
  pacedProvider,
  stripePace,
} from './provider-pace'
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
  // Akahu and Stripe take one charge a call: each is paced by its documented rate limit (ADR 051).
  const bankCharges =
    config.bank.provider === 'akahu'
      ? pacedProvider(bank.charges, limiterFor('akahu', akahuPace))
      : bank.charges
  if (config.cards.provider === 'stripe') {
    const stripe = stripeClientFor(config.cards)
    const cardCharges = pacedProvider(
      createStripeCharges({ stripe }),
      limiterFor(`stripe\n${config.cards.secretKey}`, stripePace(config.cards.mode)),
    )
    return {
      charges: { card: cardCharges, bank: bankCharges },
      cardSetups: createStripeCardSetups({ stripe }),
      cardAccounts: createStripeCardAccounts({ stripe }),
      bankConsents: bank.consents,
    }
  }
  return {
    charges: { card: createCardSandbox({ db }), bank: bankCharges },
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

/**
 * One limiter per provider account for the process: every run, poll and payment link in it shares the
 * provider's quota (several processes each hold their own; ADR 051 says what that means).
 */
const limiters = new Map<string, ProviderLimiter>()

function limiterFor(key: string, pace: ProviderPace): ProviderLimiter {
  let limiter = limiters.get(key)
  if (!limiter) {
    limiter = createProviderLimiter(pace)
    limiters.set(key, limiter)
  }
  return limiter
}

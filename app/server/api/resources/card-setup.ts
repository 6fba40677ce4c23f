import type { CardSetupAnswer } from '~/contracts/join-payment'
import { AppError } from '~/lib/errors'
import type { ProviderConfig } from '~/server/providers/provider-config.server'
import type { startCardSetup } from '~/server/services/payment-methods/start-card-setup.server'

/**
 * A started card setup as the browser needs it to show the provider's form (issue 26): the sandbox's own
 * card form, or Stripe's Payment Element with the publishable key and the connected account. The client
 * secret goes to this member's browser only; the secret key never does.
 */
export function toCardSetupResource(
  setup: Awaited<ReturnType<typeof startCardSetup>>,
  cards: ProviderConfig['cards'],
): CardSetupAnswer {
  if (setup.provider === 'sandbox_card') {
    return { id: setup.id, client_secret: setup.clientSecret, provider: 'sandbox_card' }
  }
  // A Stripe setup is only ever made with Stripe configured; the page could not confirm one without it.
  if (cards.provider !== 'stripe')
    throw new AppError('CONFLICT', 'Cards can’t be saved right now. Try again later.')
  return {
    id: setup.id,
    client_secret: setup.clientSecret,
    provider: 'stripe',
    publishable_key: cards.publishableKey,
    account: setup.accountId,
  }
}

import { describe, expect, it } from 'vitest'
import { cardSetupSchema } from '~/contracts/join-payment'
import { toCardSetupResource } from '~/server/api/resources/card-setup'
import { readProviderConfig } from '~/server/providers/provider-config.server'

const stripeCards = readProviderConfig({
  STRIPE_SECRET_KEY: 'sk_test_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
}).cards
const sandboxCards = readProviderConfig({}).cards

describe('the card-setup answer tells the page which form to show (issue 26)', () => {
  it('a sandbox setup is the id and client secret, as before: no key, no account', () => {
    const answer = toCardSetupResource(
      {
        id: 'seti_sandbox_1',
        clientSecret: 'seti_sandbox_1_secret_2',
        provider: 'sandbox_card',
        accountId: 'acct_x',
      },
      sandboxCards,
    )
    expect(answer).toEqual({
      id: 'seti_sandbox_1',
      client_secret: 'seti_sandbox_1_secret_2',
      provider: 'sandbox_card',
    })
    expect(cardSetupSchema.parse(answer)).toEqual(answer)
  })

  it('a Stripe setup carries the publishable key and the gym’s connected account, never the secret key', () => {
    const answer = toCardSetupResource(
      { id: 'seti_1', clientSecret: 'seti_1_secret_2', provider: 'stripe', accountId: 'acct_1Gym' },
      stripeCards,
    )
    expect(answer).toEqual({
      id: 'seti_1',
      client_secret: 'seti_1_secret_2',
      provider: 'stripe',
      publishable_key: 'pk_test_abc123',
      account: 'acct_1Gym',
    })
    expect(cardSetupSchema.parse(answer)).toEqual(answer)
    expect(JSON.stringify(answer)).not.toContain('sk_test_')
    expect(JSON.stringify(answer)).not.toContain('whsec_')
  })

  it('a Stripe setup without Stripe configured is refused in words, not sent half made', () => {
    expect(() =>
      toCardSetupResource(
        { id: 'seti_1', clientSecret: 'seti_1_secret_2', provider: 'stripe', accountId: 'acct_1Gym' },
        sandboxCards,
      ),
    ).toThrow('Cards can’t be saved right now. Try again later.')
  })

  it('the contract refuses a Stripe answer without its key or account', () => {
    expect(
      cardSetupSchema.safeParse({ id: 'seti_1', client_secret: 'seti_1_secret_2', provider: 'stripe' })
        .success,
    ).toBe(false)
  })
})

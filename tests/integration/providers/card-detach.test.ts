import { eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, describe, expect, it } from 'vitest'
import { sandboxCardSetups } from '~/db/schema'
import { createSandboxCardSetups } from '~/server/providers/payments/card-setup-sandbox.server'
import { createStripeCardAccounts } from '~/server/providers/payments/stripe/stripe-card-accounts.server'
import { createStripeCardSetups } from '~/server/providers/payments/stripe/stripe-card-setups.server'
import { StripeFake } from '../../mocks/stripe/stripe-fake'
import { instantRateLimit, testStripeClient } from '../../mocks/stripe/stripe-test-client'
import { describeEachDatabase } from '../support/database'

const fake = new StripeFake()
const server = setupServer(...fake.handlers())
// Before any client is made: Stripe's fetch client takes the global fetch MSW replaces when made.
server.listen({ onUnhandledFrame: 'error' })
afterAll(() => server.close())
const now = new Date('2026-11-27T06:00:00Z')

describe('a removed card is detached at Stripe (issue 28)', () => {
  const stripe = testStripeClient()
  const rateLimit = instantRateLimit()
  const setups = createStripeCardSetups({ stripe, rateLimit })

  async function savedCard() {
    const { accountId } = await createStripeCardAccounts({ stripe, rateLimit }).createAccount({
      metadata: { gym_uuid: 'detach-test' },
      businessName: 'Central',
      now,
    })
    fake.completeOnboarding(accountId)
    const setup = await setups.createSetup({ accountId, metadata: { user_id: 7 }, now })
    const reference = fake.confirmSetup(setup.id, 'pm_card_visa')
    return { accountId, reference }
  }

  it('takes the card off its customer on the gym’s account, so it can’t be charged again', async () => {
    const { accountId, reference } = await savedCard()
    expect(fake.paymentMethods.get(reference)?.body.customer).toEqual(expect.stringMatching(/^cus_/))
    await setups.detachCard({ reference, accountId, now })
    expect(fake.paymentMethods.get(reference)?.body.customer).toBeNull()
    const detach = fake.requests.filter(
      (request) => request.path === `/v1/payment_methods/${reference}/detach`,
    )
    expect(detach).toEqual([expect.objectContaining({ method: 'POST', account: accountId })])
  })

  it('a card already detached, or no longer on the account, is already forgotten: no error', async () => {
    const { accountId, reference } = await savedCard()
    await setups.detachCard({ reference, accountId, now })
    await expect(setups.detachCard({ reference, accountId, now })).resolves.toBeUndefined()
    await expect(setups.detachCard({ reference: 'pm_missing123', accountId, now })).resolves.toBeUndefined()
  })

  it('asks nothing of Stripe for a card without its account or with a reference that isn’t Stripe’s', async () => {
    const before = fake.requests.length
    await setups.detachCard({ reference: 'pm_card_visa', accountId: null, now })
    await setups.detachCard({ reference: 'not a reference', accountId: 'acct_1GymbaseTest', now })
    expect(fake.requests.length).toBe(before)
  })
})

describeEachDatabase('a removed card is detached in the card sandbox (issue 28)', (database) => {
  it('marks the saved card’s setup detached, once', async () => {
    const setups = createSandboxCardSetups({ db: database.db })
    const setup = await setups.createSetup({ accountId: null, metadata: { user_id: 7 }, now })
    const reference = 'pm_sandbox_detach_4242'
    await database.db
      .update(sandboxCardSetups)
      .set({ status: 'succeeded', paymentMethodReference: reference })
      .where(eq(sandboxCardSetups.id, setup.id))
    await setups.detachCard({ reference, accountId: null, now })
    const later = new Date(now.getTime() + 60_000)
    await setups.detachCard({ reference, accountId: null, now: later })
    const [row] = await database.db.select().from(sandboxCardSetups).where(eq(sandboxCardSetups.id, setup.id))
    expect(row?.detachedAt).toEqual(now)
  })
})

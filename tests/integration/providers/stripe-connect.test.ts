import { eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { cardAccountOnboardings, gyms } from '~/db/schema'
import type { CardAccountProvider } from '~/server/providers/payments/card-accounts'
import { createStripeCardAccounts } from '~/server/providers/payments/stripe/stripe-card-accounts.server'
import {
  finishCardPaymentsOnboarding,
  startCardPaymentsOnboarding,
} from '~/server/services/gyms/card-payments-onboarding.server'
import { createTestMember } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { StripeFake } from '../../mocks/stripe/stripe-fake'
import { instantRateLimit, testStripeClient } from '../../mocks/stripe/stripe-test-client'
import { describeEachDatabase } from '../support/database'

let fake = new StripeFake()
const server = setupServer(...fake.handlers())
// Before any client is made: Stripe's fetch client takes the global fetch MSW replaces when made.
server.listen({ onUnhandledFrame: 'error' })
afterAll(() => server.close())

const now = new Date('2026-11-27T01:00:00Z')
const siteUrl = (site: 'join' | 'console', path: string) => `http://${site}.test${path}`

describeEachDatabase('Stripe Connect onboarding of a gym', (database) => {
  // A fake of its own for each database's run: Stripe's state must not carry over from the other.
  beforeAll(() => {
    fake = new StripeFake()
    server.resetHandlers(...fake.handlers())
  })
  let org: TestOrganisation
  /** Whoever starts the onboarding: a user of the organisation (the API checks that it is an admin). */
  let adminId: number
  const rateLimit = instantRateLimit()
  const provider = createStripeCardAccounts({ stripe: testStripeClient(), rateLimit })

  beforeAll(async () => {
    org = await createTestOrganisation({
      db: database.db,
      now,
      gymNames: ['Central', 'Kingsland'],
      gymsWithoutCards: ['Central', 'Kingsland'],
    })
    adminId = (
      await createTestMember({
        db: database.db,
        organisationId: org.organisation.id,
        gymId: org.gyms[0]!.id,
        now,
      })
    ).id
  })

  const start = (gymId = org.gyms[0]!.id, at = now, accounts = provider) =>
    startCardPaymentsOnboarding({
      db: database.db,
      now: at,
      provider: accounts,
      organisationId: org.organisation.id,
      gymId,
      userId: adminId,
      siteUrl,
    })

  it('makes the gym a Standard account once, and a used or expired Account Link is replaced by a fresh one for it', async () => {
    const first = await start()
    expect(first.url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/s\/acct_/)
    expect(fake.accounts.size).toBe(1)
    const [account] = [...fake.accounts.values()]
    expect(account).toMatchObject({
      type: 'standard',
      country: 'NZ',
      metadata: { gym_uuid: org.gyms[0]!.uuid },
    })
    const link = fake.links.get(first.url)
    expect(link?.returnUrl).toMatch(/^http:\/\/console\.test\/stripe\/callback\?state=/)
    expect(link?.refreshUrl).toBe(`http://console.test/gyms/${org.gyms[0]!.id}`)

    // The owner opens it; opening it again is Stripe sending them to the refresh address.
    expect(fake.visitLink(first.url)).toBe('onboarding')
    expect(fake.visitLink(first.url)).toBe('refresh')

    // Starting again (the refresh) mints a new link for the same account.
    rateLimit.waits.length = 0
    fake.rateLimitNext(1)
    const second = await start()
    expect(rateLimit.waits).toEqual([500])
    expect(second.url).not.toBe(first.url)
    expect(fake.accounts.size).toBe(1)
    expect(fake.links.get(second.url)?.account).toBe(link?.account)
    expect(fake.visitLink(second.url)).toBe('onboarding')

    // An expired link (five minutes) is refused the same way.
    const third = await start()
    const stored = fake.links.get(third.url)
    if (stored) stored.expiresAt = fake.now() - 1
    expect(fake.visitLink(third.url)).toBe('refresh')
  })

  it('at /stripe/callback re-reads the account: left early is not connected; submitted sets the gym’s account and charges', async () => {
    const left = await start()
    const leftState = new URL(fake.links.get(left.url)?.returnUrl ?? '').searchParams.get('state') ?? ''
    const early = await finishCardPaymentsOnboarding({
      db: database.db,
      now,
      provider,
      organisationId: org.organisation.id,
      userId: adminId,
      state: leftState,
    })
    expect(early).toEqual({
      gymId: org.gyms[0]!.id,
      connected: false,
      chargesEnabled: false,
      payoutsEnabled: false,
    })

    const again = await start()
    const accountId = fake.links.get(again.url)?.account ?? ''
    fake.completeOnboarding(accountId)
    const state = new URL(fake.links.get(again.url)?.returnUrl ?? '').searchParams.get('state') ?? ''
    const finished = await finishCardPaymentsOnboarding({
      db: database.db,
      now,
      provider,
      organisationId: org.organisation.id,
      userId: adminId,
      state,
    })
    expect(finished).toMatchObject({ connected: true, chargesEnabled: true, payoutsEnabled: true })
    const [gym] = await database.db.select().from(gyms).where(eq(gyms.id, org.gyms[0]!.id))
    expect(gym).toMatchObject({ stripeId: accountId, stripeChargesEnabled: true })
    expect(await provider.retrieveAccount({ accountId })).toMatchObject({
      id: accountId,
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    })
    expect(await provider.retrieveAccount({ accountId: 'acct_unknown' })).toBeNull()
  })

  it('two presses of Connect at once make the gym one account, and both links go to it', async () => {
    const gym = org.gyms[1]!
    const accountsBefore = fake.accounts.size
    const requestsBefore = fake.requests.length
    // Both presses find no account and ask Stripe for one: neither call goes on until both are made.
    let asked = 0
    let bothAsked = () => {}
    const together = new Promise<void>((resolve) => (bothAsked = resolve))
    const pressedTwice: CardAccountProvider = {
      ...provider,
      async createAccount(request) {
        asked += 1
        if (asked === 2) bothAsked()
        await together
        return provider.createAccount(request)
      },
    }
    // A few milliseconds apart, as two clicks are.
    const [first, second] = await Promise.all([
      start(gym.id, now, pressedTwice),
      start(gym.id, new Date(now.getTime() + 7), pressedTwice),
    ])
    expect(fake.accounts.size).toBe(accountsBefore + 1)
    const made = fake.requests
      .slice(requestsBefore)
      .filter((request) => request.method === 'POST' && request.path === '/v1/accounts')
    // Both asked, with the gym's one key: Stripe answered the second with the first's account.
    expect(made).toHaveLength(2)
    expect(new Set(made.map((request) => request.idempotencyKey))).toEqual(
      new Set([`gymbase-account-${gym.uuid}`]),
    )
    const accountId = fake.links.get(first!.url)?.account
    expect(accountId).toMatch(/^acct_/)
    expect(fake.links.get(second!.url)?.account).toBe(accountId)
    expect(second!.url).not.toBe(first!.url)
    const onboardings = await database.db
      .select({ accountId: cardAccountOnboardings.accountId })
      .from(cardAccountOnboardings)
      .where(eq(cardAccountOnboardings.gymId, gym.id))
    expect(onboardings.map((row) => row.accountId)).toEqual([accountId, accountId])

    // A press later goes on with the same account without asking Stripe for one.
    const third = await start(gym.id)
    expect(fake.links.get(third.url)?.account).toBe(accountId)
    expect(fake.accounts.size).toBe(accountsBefore + 1)
  })
})

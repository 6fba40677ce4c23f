import { and, eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import {
  cardPaymentsRedirectSchema,
  gymSchema,
  sandboxOnboardingSchema,
  stripeExchangeSchema,
} from '~/contracts/gyms'
import { auditLog, cardAccountOnboardings, gyms } from '~/db/schema'
import { z } from '~/lib/validation'
import { onboardingStateMessage } from '~/server/services/gyms/card-payments-onboarding.server'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readErrors, readMessage } from '../support/answers'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { staffSignIn, type TestBrowser } from '../support/sign-in'

const now = new Date('2026-05-20T01:00:00Z')
const exchangeAnswer = z.object({ data: stripeExchangeSchema, message: z.string() })

/** Card payments for a gym (issue 17): Stripe Connect onboarding against the sandbox provider. */
describeEachDatabase('gym card payments API', (database) => {
  const api = createTestApi(database, { now: () => now })
  const signIn = staffSignIn({ database, api, now, organisation: () => org })
  let org: TestOrganisation
  let other: TestOrganisation
  let owner: TestBrowser

  beforeAll(async () => {
    org = await createTestOrganisation({
      db: database.db,
      now,
      name: 'Card Connect Fitness',
      gymNames: ['Albany', 'Botany', 'Coatesville', 'Devonport'],
      // Gyms whose card accounts these tests connect through the onboarding themselves.
      gymsWithoutCards: ['Albany', 'Botany', 'Coatesville', 'Devonport'],
    })
    other = await createTestOrganisation({
      db: database.db,
      now,
      gymNames: ['Elsewhere'],
      gymsWithoutCards: ['Elsewhere'],
    })
    owner = await signIn({ admin: true })
  })

  /** Start, and read the link out of the onboarding address as the page does. */
  async function start(browser: TestBrowser, gymId: number) {
    const { url } = await readData(
      await browser.post(`/gyms/${gymId}/stripe/redirect`, {}),
      cardPaymentsRedirectSchema,
    )
    expect(url).toMatch(/^\/sandbox-stripe\/onboarding\?link=link_sandbox_[0-9a-f]+$/)
    return new URL(url, 'http://console.test').searchParams.get('link') ?? ''
  }
  const anyone = () => api.browser()
  const stateOf = (redirectTo: string) => new URL(redirectTo).searchParams.get('state') ?? ''
  const submit = (link: string) =>
    anyone().post('/sandbox/connect-onboarding', {
      action: 'submit',
      link,
      business_name: 'Albany Fitness Ltd',
      email: 'owner@albany.test',
    })

  it('connects a gym: onboarding page, submit, callback re-reads the account and sets stripe_id, audited', async () => {
    const gym = org.gyms[0]!
    const link = await start(owner, gym.id)
    const page = await readData(
      await anyone().get(`/sandbox/connect-onboarding?link=${link}`),
      sandboxOnboardingSchema,
    )
    expect(page).toMatchObject({ business_name: 'Albany', country: 'NZ' })
    expect(page.account_id).toMatch(/^acct_sandbox_/)
    expect(
      await readErrors(
        await anyone().post('/sandbox/connect-onboarding', {
          action: 'submit',
          link,
          business_name: ' ',
          email: 'nope',
        }),
      ),
    ).toEqual({ business_name: ['Enter the business name'], email: ['Value is not a valid email address'] })

    const back = await readData(await submit(link), z.object({ redirect_to: z.string() }))
    expect(back.redirect_to).toMatch(/^https?:\/\/[^/]+\/stripe\/callback\?state=[\w-]{43}$/)
    // The link worked once.
    expect(await readMessage(await submit(link), 404)).toMatch(/expired or was already used/)
    expect((await anyone().get(`/sandbox/connect-onboarding?link=${link}`)).status).toBe(404)

    const state = stateOf(back.redirect_to)
    const answer = exchangeAnswer.parse(await (await owner.post('/stripe/exchange', { state })).json())
    expect(answer.data.connected).toBe(true)
    expect(answer.message).toBe('Card payments are connected for Albany.')
    expect(answer.data.gym.card_payments).toEqual({ connected: true, charges_enabled: true })
    const [row] = await database.db.select({ stripeId: gyms.stripeId }).from(gyms).where(eq(gyms.id, gym.id))
    expect(row?.stripeId).toBe(page.account_id)
    const [line] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'gym.card_payments_connected'), eq(auditLog.subjectId, gym.id)))
    expect(line?.changes).toMatchObject({ stripe_id: { from: null, to: page.account_id } })

    // A replayed state is refused, and a connected gym doesn't start again.
    expect(await readErrors(await owner.post('/stripe/exchange', { state }))).toEqual({
      state: [onboardingStateMessage],
    })
    expect(await readMessage(await owner.post(`/gyms/${gym.id}/stripe/redirect`, {}), 409)).toBe(
      'Card payments are already connected for Albany.',
    )
  })

  it('leaving the onboarding connects nothing; starting again goes on with the same account', async () => {
    const gym = org.gyms[1]!
    const first = await start(owner, gym.id)
    const { account_id } = await readData(
      await anyone().get(`/sandbox/connect-onboarding?link=${first}`),
      sandboxOnboardingSchema,
    )
    const left = await readData(
      await anyone().post('/sandbox/connect-onboarding', { action: 'cancel', link: first }),
      z.object({ redirect_to: z.string() }),
    )
    const answer = exchangeAnswer.parse(
      await (await owner.post('/stripe/exchange', { state: stateOf(left.redirect_to) })).json(),
    )
    expect(answer.data.connected).toBe(false)
    expect(answer.message).toMatch(/You left before finishing/)
    expect(answer.data.gym.card_payments.connected).toBe(false)

    const second = await start(owner, gym.id)
    const again = await readData(
      await anyone().get(`/sandbox/connect-onboarding?link=${second}`),
      sandboxOnboardingSchema,
    )
    expect(again.account_id).toBe(account_id)
    // A newer link replaces an older one not yet used.
    const third = await start(owner, gym.id)
    expect((await anyone().get(`/sandbox/connect-onboarding?link=${second}`)).status).toBe(404)
    const done = await readData(await submit(third), z.object({ redirect_to: z.string() }))
    const connected = exchangeAnswer.parse(
      await (await owner.post('/stripe/exchange', { state: stateOf(done.redirect_to) })).json(),
    )
    expect(connected.data.connected).toBe(true)
  })

  it('two presses of Connect at once go on with one account for the gym', async () => {
    const gym = org.gyms[3]!
    const [first, second] = await Promise.all([
      owner.post(`/gyms/${gym.id}/stripe/redirect`, {}),
      owner.post(`/gyms/${gym.id}/stripe/redirect`, {}),
    ])
    await readData(first, cardPaymentsRedirectSchema)
    await readData(second, cardPaymentsRedirectSchema)
    const onboardings = await database.db
      .select({ accountId: cardAccountOnboardings.accountId })
      .from(cardAccountOnboardings)
      .where(eq(cardAccountOnboardings.gymId, gym.id))
    expect(onboardings).toHaveLength(2)
    expect(new Set(onboardings.map((row) => row.accountId)).size).toBe(1)
    // The newer link is the one that works, for that account.
    const link = await start(owner, gym.id)
    const page = await readData(
      await anyone().get(`/sandbox/connect-onboarding?link=${link}`),
      sandboxOnboardingSchema,
    )
    expect(page.account_id).toBe(onboardings[0]?.accountId)
  })

  it('refuses a forged, another admin’s or an old state, and a link that never existed', async () => {
    const gym = org.gyms[2]!
    expect(
      await readErrors(
        await owner.post('/stripe/exchange', { state: 'forged-state-forged-state-forged-state-1234' }),
      ),
    ).toEqual({
      state: [onboardingStateMessage],
    })
    expect(await readErrors(await owner.post('/stripe/exchange', { state: '' }))).toHaveProperty('state')
    const link = await start(owner, gym.id)
    const back = await readData(await submit(link), z.object({ redirect_to: z.string() }))
    const state = stateOf(back.redirect_to)
    // Another admin of the same organisation cannot use this admin's state.
    const coOwner = await signIn({ admin: true })
    expect(await readErrors(await coOwner.post('/stripe/exchange', { state }))).toEqual({
      state: [onboardingStateMessage],
    })
    const stranger = await signIn({ org: other, admin: true })
    expect(await readErrors(await stranger.post('/stripe/exchange', { state }))).toEqual({
      state: [onboardingStateMessage],
    })
    // An hour later the state no longer works.
    api.setNow(new Date(now.getTime() + 61 * 60_000))
    try {
      expect(await readErrors(await owner.post('/stripe/exchange', { state }))).toEqual({
        state: [onboardingStateMessage],
      })
    } finally {
      api.setNow(now)
    }
    await expect(readData(await owner.get(`/gyms/${gym.id}`), gymSchema)).resolves.toMatchObject({
      card_payments: { connected: false },
    })
    expect(
      await readMessage(await anyone().get('/sandbox/connect-onboarding?link=link_sandbox_nothing'), 404),
    ).toMatch(/expired/)
  })

  it('is for organisation admins: gym staff are refused, other gyms and organisations are unknown', async () => {
    const gymAdmin = await signIn({ gyms: [{ index: 2, role: 'admin' }] })
    expect(await readMessage(await gymAdmin.post(`/gyms/${org.gyms[2]!.id}/stripe/redirect`, {}), 403)).toBe(
      'This action is unauthorized.',
    )
    expect((await gymAdmin.post(`/gyms/${org.gyms[0]!.id}/stripe/redirect`, {})).status).toBe(404)
    expect((await gymAdmin.post('/stripe/exchange', { state: 'x' })).status).toBe(403)
    expect((await owner.post(`/gyms/${other.gyms[0]!.id}/stripe/redirect`, {})).status).toBe(404)
    expect((await owner.post('/gyms/2147483647/stripe/redirect', {})).status).toBe(404)
    expect((await anyone().post(`/gyms/${org.gyms[2]!.id}/stripe/redirect`, {})).status).toBe(401)
    expect((await anyone().post('/stripe/exchange', { state: 'x' })).status).toBe(401)
  })
})

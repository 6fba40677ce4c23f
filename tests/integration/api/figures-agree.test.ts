import { beforeAll, expect, it } from 'vitest'
import { paginatedEnvelope } from '~/contracts/api/envelope'
import { priceSchema } from '~/contracts/catalogue'
import { costAndVisitBreakdownSchema, statsSchema } from '~/contracts/dashboard'
import { memberRowSchema, priceMembershipSchema } from '~/contracts/members'
import { chargedCents, paymentRowSchema, paymentTotalsSchema } from '~/contracts/payments'
import { z } from '~/lib/validation'
import { cancelSubscription } from '~/server/services/subscriptions/cancel-subscription.server'
import { createSubscribedTestMember, createTestPriceFor } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readJson, readPage } from '../support/answers'
import { createTestApi } from '../support/api'
import { atDay as at, runEngineOn } from '../support/billing'
import { describeEachDatabase } from '../support/database'
import { staffSignIn, type TestBrowser } from '../support/sign-in'

const day = '2026-03-16'

/**
 * Figures that agree (issue 25 point 9): each figure the dashboard and the payments summary show is the
 * total of the list it stands for, with the same filter, for an organisation admin and for a gym admin;
 * a cancelled member still in their grace period counts as in grace and as owing alike; a gym admin's
 * price counts are of their gym's members only.
 */
describeEachDatabase('figures that agree', (database) => {
  let org: TestOrganisation
  const clock = at(day)
  const testApi = createTestApi(database, { now: () => clock })
  const signIn = staffSignIn({ database, api: testApi, now: clock, organisation: () => org })
  let owner: TestBrowser
  let kingslandAdmin: TestBrowser
  let priceId = 0
  const kingsland = () => org.gyms[0]!.id
  const _eden = () => org.gyms[1]!.id

  beforeAll(async () => {
    const db = database.db
    org = await createTestOrganisation({
      db,
      name: 'Agreeing Gym',
      gymNames: ['Kingsland', 'Eden'],
      now: at('2026-01-01'),
    })
    // Weekly, $25.00, at both gyms.
    const { price } = await createTestPriceFor({ db, organisation: org, now: at('2026-01-01') })
    priceId = price.id
    // Kingsland: two who pay, two whose card declines (one of them then cancels, still in grace);
    // Eden: one who pays, one whose card declines.
    const [kingslandGym, edenGym] = [0, 1]
    const people: Array<{ gymIndex: number; card: string; cancel?: boolean }> = [
      { gymIndex: kingslandGym, card: '4242' },
      { gymIndex: kingslandGym, card: '4242' },
      { gymIndex: kingslandGym, card: '9995' },
      { gymIndex: kingslandGym, card: '9995', cancel: true },
      { gymIndex: edenGym, card: '4242' },
      { gymIndex: edenGym, card: '9995' },
    ]
    const cancelling: number[] = []
    for (const person of people) {
      const { subscription } = await createSubscribedTestMember({
        db,
        organisation: org,
        priceId: price.id,
        startDate: '2026-03-02',
        gymIndex: person.gymIndex,
        pays: [{ card: person.card, makeDefault: true }],
      })
      if (person.cancel) cancelling.push(subscription.id)
    }
    await runEngineOn({ db, days: ['2026-03-02', '2026-03-09'] })
    for (const subscriptionId of cancelling) {
      await cancelSubscription({
        db,
        now: at('2026-03-12'),
        organisationId: org.organisation.id,
        subscriptionId,
      })
    }
    await runEngineOn({ db, days: ['2026-03-12', day] })
    owner = await signIn({ admin: true })
    kingslandAdmin = await signIn({ gyms: [{ index: 0, role: 'admin' }] })
  })

  const membersTotal = async (browser: TestBrowser, query: string) =>
    (await readPage(await browser.get(`/members?${query}`), memberRowSchema)).meta.total

  const scopes = () => [
    { name: 'organisation admin, whole organisation', browser: owner, gym: '' },
    { name: 'organisation admin, Kingsland', browser: owner, gym: `gym_id=${kingsland()}` },
    { name: 'gym admin of Kingsland, their gyms', browser: kingslandAdmin, gym: '' },
    { name: 'gym admin of Kingsland, Kingsland', browser: kingslandAdmin, gym: `gym_id=${kingsland()}` },
  ]

  it('the dashboard’s member figures are the members list’s totals with the same filter', async () => {
    for (const { name, browser, gym } of scopes()) {
      const stats = await readData(await browser.get(`/stats?${gym}`), statsSchema)
      const join = gym ? `${gym}&` : ''
      expect(stats.members.total, name).toBe(await membersTotal(browser, gym))
      for (const state of ['active', 'paused', 'in_grace_period', 'cancelling'] as const) {
        expect(stats.members[state], `${name}: ${state}`).toBe(
          await membersTotal(browser, `${join}state=${state}`),
        )
      }
    }
  })

  it('“members owe after a failed payment” is the members list’s “Owes money”, a cancelled member in grace included', async () => {
    for (const { name, browser, gym } of scopes()) {
      const stats = await readData(await browser.get(`/stats?${gym}`), statsSchema)
      const costs = await readData(
        await browser.get(`/cost-and-visit-breakdown?${gym}`),
        costAndVisitBreakdownSchema,
      )
      const owing = await membersTotal(browser, `${gym ? `${gym}&` : ''}owing=true`)
      expect(costs.failed_payments?.total, name).toBe(owing)
      // Everyone who owes here is in their grace period, the one who cancelled as well.
      expect(stats.members.in_grace_period, name).toBe(owing)
      expect(costs.failed_payments?.rows.length, name).toBe(owing)
    }
    const kingslandOnly = await readData(
      await owner.get(`/cost-and-visit-breakdown?gym_id=${kingsland()}`),
      costAndVisitBreakdownSchema,
    )
    expect(kingslandOnly.failed_payments?.total).toBe(2)
    const whole = await readData(await owner.get('/cost-and-visit-breakdown'), costAndVisitBreakdownSchema)
    expect(whole.failed_payments?.total).toBe(3)
  })

  it('each payments total is what its status filter lists, for every scope', async () => {
    const listAll = async (browser: TestBrowser, query: string) => {
      const answer = await readJson(
        await browser.get(`/payments?per_page=100&${query}`),
        paginatedEnvelope(paymentRowSchema).extend({ totals: paymentTotalsSchema }),
      )
      expect(answer.meta.last_page).toBe(1)
      return answer
    }
    for (const { name, browser, gym } of scopes()) {
      const join = gym ? `${gym}&` : ''
      const all = await listAll(browser, gym)
      expect(all.totals.count, name).toBe(all.data.length)
      const figures = [
        ['sent', 'collected'],
        ['upcoming', 'upcoming'],
        ['pending', 'pending'],
        ['failed', 'failed'],
      ] as const
      let listed = 0
      for (const [status, figure] of figures) {
        const filtered = await listAll(browser, `${join}status=${status}`)
        const sum = filtered.data.reduce((cents, row) => cents + chargedCents(row), 0)
        expect(filtered.totals[figure], `${name}: ${status}`).toBe(sum)
        expect(all.totals[figure], `${name}: ${status} unfiltered`).toBe(sum)
        expect(filtered.totals.count).toBe(filtered.data.length)
        listed += filtered.data.length
      }
      // Upcoming is no longer counted as pending: the four filters share nothing out.
      expect(listed, name).toBeLessThanOrEqual(all.totals.count)
      expect(all.totals.upcoming, name).toBeGreaterThan(0)
    }
  })

  it('a gym admin’s price counts are of their gym’s members, and match the price change’s list', async () => {
    const prices = async (browser: TestBrowser) =>
      readData(await browser.get(`/organisations/${org.organisation.id}/prices`), z.array(priceSchema))
    const memberships = async (browser: TestBrowser) =>
      readData(await browser.get(`/prices/${priceId}/memberships`), z.array(priceMembershipSchema))
    const ownersPrice = (await prices(owner)).find((price) => price.id === priceId)
    const adminsPrice = (await prices(kingslandAdmin)).find((price) => price.id === priceId)
    // Six joined; the one who cancelled (in grace, their paid period over) is on it no more.
    expect(ownersPrice?.members_count).toBe(5)
    expect(adminsPrice?.members_count).toBe(3)
    const listed = await memberships(kingslandAdmin)
    expect(new Set(listed.map((row) => row.gym?.id))).toEqual(new Set([kingsland()]))
    expect(listed).toHaveLength(adminsPrice?.members_count ?? -1)
    expect(await memberships(owner)).toHaveLength(ownersPrice?.members_count ?? -1)
  })
})

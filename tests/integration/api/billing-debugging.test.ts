import { beforeAll, describe, expect, it } from 'vitest'
import {
  activeUserCountsSchema,
  activeUserRowSchema,
  expectedPaymentsSchema,
} from '~/contracts/billing-debugging'
import { hashPassword } from '~/server/auth/password.server'
import { addDays } from '~/server/billing/calendar'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import { runBilling } from '~/server/billing/engine/run-billing.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { cancelSubscription } from '~/server/services/subscriptions/cancel-subscription.server'
import { pauseSubscription } from '~/server/services/subscriptions/pause-subscription.server'
import { createSubscribedTestMember, createTestMember, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readMessage, readPage } from '../support/answers'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { staffPassword as password, signInStaff } from '../support/sign-in'

/** 13:00 in Auckland (NZ daylight time) on a calendar day: when the daily runs happen in this test. */
const at = (day: string) => new Date(`${day}T00:00:00Z`)
const today = '2026-02-18'

/**
 * Built through the services and the engine, 2 Feb → 18 Feb 2026 (a Wednesday), weekly $25.00 prices:
 * - Payments (org "Debug Fitness", gyms Ponsonby and Newmarket), every member starting Mon 2 Feb:
 *   A, Ponsonby, card 4242 (always paid); B, Ponsonby, card 0002 (always declined: retries 3, 4 and 7
 *   days later); C, Newmarket, bank account …-91 (pending, settled by the next day's poll).
 * - Members (org "Wynyard Strength"): active, declined (grace), paused from 16 Feb, cancelled on 17 Feb,
 *   starting 2 Mar, and one without a membership.
 */
describeEachDatabase('billing debugging API', (database) => {
  let debug: TestOrganisation
  let wynyard: TestOrganisation
  let passwordHash: string
  const testApi = () => createTestApi(database, { now: () => at(today) })

  async function membership(options: {
    org: TestOrganisation
    gymIndex?: number
    priceId: number
    card?: string
    bankAccount?: string
    startDate: string
    now: Date
  }) {
    return createSubscribedTestMember({
      db: database.db,
      organisation: options.org,
      priceId: options.priceId,
      startDate: options.startDate,
      now: options.now,
      gymIndex: options.gymIndex,
      // Akahu's Demo Bank numbers: these tests run on the sandbox bank.
      pays: [
        options.bankAccount
          ? { bankAccount: options.bankAccount, acceptDemoBank: true }
          : { card: options.card ?? '4242' },
      ],
    })
  }

  let names: Record<string, string> = {}

  beforeAll(async () => {
    const db = database.db
    passwordHash = await hashPassword(password)
    const start = at('2026-02-01')
    debug = await createTestOrganisation({ db, name: 'Debug Fitness', gymNames: ['Newmarket', 'Ponsonby'] })
    wynyard = await createTestOrganisation({ db, name: 'Wynyard Strength', gymNames: ['Wynyard'] })
    const newmarket = debug.gyms[0]!
    const ponsonby = debug.gyms[1]!
    const { price: debugPrice } = await createTestPrice({
      db,
      organisationId: debug.organisation.id,
      gymIds: [newmarket.id, ponsonby.id],
      amount: 2500,
      now: start,
    })
    const { price: wynyardPrice } = await createTestPrice({
      db,
      organisationId: wynyard.organisation.id,
      gymIds: [wynyard.gyms[0]!.id],
      amount: 2500,
      now: start,
    })

    const first = at('2026-02-02')
    await membership({
      org: debug,
      gymIndex: 1,
      priceId: debugPrice.id,
      card: '4242',
      startDate: '2026-02-02',
      now: first,
    })
    await membership({
      org: debug,
      gymIndex: 1,
      priceId: debugPrice.id,
      card: '0002',
      startDate: '2026-02-02',
      now: first,
    })
    await membership({
      org: debug,
      gymIndex: 0,
      priceId: debugPrice.id,
      bankAccount: '99-9999-9999999-91',
      startDate: '2026-02-02',
      now: first,
    })

    const w = { org: wynyard, priceId: wynyardPrice.id, startDate: '2026-02-02', now: first }
    const active = await membership({ ...w, card: '4242' })
    const grace = await membership({ ...w, card: '0002' })
    const paused = await membership({ ...w, card: '4242' })
    const cancelled = await membership({ ...w, card: '4242' })

    const providers = createSandboxProviders({ db })
    for (let day = '2026-02-02'; day <= today; day = addDays(day, 1)) {
      const now = at(day)
      if (day === '2026-02-10') {
        await pauseSubscription({
          db,
          now,
          organisationId: wynyard.organisation.id,
          subscriptionId: paused.subscription.id,
          startDate: '2026-02-16',
          endDate: '2026-03-01',
        })
      }
      if (day === '2026-02-17') {
        await cancelSubscription({
          db,
          now,
          organisationId: wynyard.organisation.id,
          subscriptionId: cancelled.subscription.id,
        })
      }
      await advanceSubscriptions({ db, now })
      await runBilling({ db, providers, now })
    }

    const upcoming = await membership({ ...w, card: '4242', startDate: '2026-03-02', now: at(today) })
    const none = await createTestMember({
      db,
      organisationId: wynyard.organisation.id,
      gymId: wynyard.gyms[0]!.id,
      now: at(today),
    })
    names = {
      active: active.member.name,
      grace: grace.member.name,
      paused: paused.member.name,
      cancelled: cancelled.member.name,
      upcoming: upcoming.member.name,
      none: none.name,
    }
  })

  function signIn(options: {
    org: TestOrganisation
    admin?: boolean
    gymIndexes?: number[]
    api?: ReturnType<typeof testApi>
  }) {
    return signInStaff({
      database,
      api: options.api ?? testApi(),
      now: at(today),
      organisation: options.org,
      admin: options.admin,
      gyms: (options.gymIndexes ?? [0]).map((index) => ({ index, role: 'admin' as const })),
    })
  }

  const sums = (
    expected: number,
    collected: number,
    failed: number,
    pending: number,
    counts: [number, number, number, number],
  ) => ({
    expected,
    collected,
    failed,
    pending,
    difference: collected - expected,
    expected_count: counts[0],
    collected_count: counts[1],
    failed_count: counts[2],
    pending_count: counts[3],
  })
  const zero = sums(0, 0, 0, 0, [0, 0, 0, 0])

  describe('GET /expected-payments-debugging', () => {
    it('adds up each week: due (regular and retries) against collected by the day it was paid', async () => {
      const browser = await signIn({ org: debug, admin: true })
      const response = await browser.get('/expected-payments-debugging?weeks=2')
      expect(response.status).toBe(200)
      const data = await readData(response, expectedPaymentsSchema)
      expect(data).toMatchObject({
        today,
        gym_id: null,
        weeks_back: 2,
        weeks_ahead: 4,
        gyms: [
          { id: debug.gyms[0]!.id, name: 'Newmarket' },
          { id: debug.gyms[1]!.id, name: 'Ponsonby' },
        ],
      })
      expect(data.weeks.map((week) => [week.starts_on, week.ends_on, week.timing])).toEqual([
        ['2026-02-09', '2026-02-15', 'past'],
        ['2026-02-16', '2026-02-22', 'current'],
        ['2026-02-23', '2026-03-01', 'future'],
        ['2026-03-02', '2026-03-08', 'future'],
        ['2026-03-09', '2026-03-15', 'future'],
        ['2026-03-16', '2026-03-22', 'future'],
      ])
      // Week of 9 Feb: A and C paid (C settled on the 10th), B declined and its retry on the 12th too.
      expect(data.weeks[0]).toMatchObject(sums(10_000, 5_000, 5_000, 0, [4, 2, 2, 0]))
      // Week of 16 Feb: A paid, C paid on the 17th, B's second period and second retry declined, its
      // next retry (19 Feb) still upcoming.
      expect(data.weeks[1]).toMatchObject(sums(12_500, 5_000, 5_000, 2_500, [5, 2, 2, 1]))
      // Week of 23 Feb: the next periods of A, B and C and B's last retry, already upcoming.
      expect(data.weeks[2]).toMatchObject(sums(10_000, 0, 0, 10_000, [4, 0, 0, 4]))
      for (const week of data.weeks.slice(3)) expect(week).toMatchObject(zero)
      expect(data.totals).toEqual(sums(32_500, 10_000, 10_000, 12_500, [13, 4, 4, 5]))
    })

    it('narrows to one gym and defaults to twelve weeks back', async () => {
      const browser = await signIn({ org: debug, admin: true })
      const response = await browser.get(`/expected-payments-debugging?gym_id=${debug.gyms[0]!.id}`)
      expect(response.status).toBe(200)
      const data = await readData(response, expectedPaymentsSchema)
      expect(data.gym_id).toBe(debug.gyms[0]!.id)
      expect(data.weeks).toHaveLength(16)
      expect(data.weeks[0]?.starts_on).toBe('2025-12-01')
      expect(data.weeks.find((week) => week.timing === 'current')?.starts_on).toBe('2026-02-16')
      expect(data.totals).toEqual(sums(7_500, 5_000, 0, 2_500, [3, 2, 0, 1]))
    })

    it('shows a gym admin only their gyms, and no one another organisation’s gym', async () => {
      const admin = await signIn({ org: debug, gymIndexes: [1] })
      const response = await admin.get('/expected-payments-debugging?weeks=2')
      const data = await readData(response, expectedPaymentsSchema)
      expect(data.gyms).toEqual([{ id: debug.gyms[1]!.id, name: 'Ponsonby' }])
      expect(data.totals).toEqual(sums(25_000, 5_000, 10_000, 10_000, [10, 2, 4, 4]))

      const notTheirs = await admin.get(`/expected-payments-debugging?gym_id=${debug.gyms[0]!.id}`)
      expect(notTheirs.status).toBe(404)
      expect(await readMessage(notTheirs, 404)).toBe('Gym not found.')

      const owner = await signIn({ org: debug, admin: true })
      const otherOrganisation = await owner.get(`/expected-payments-debugging?gym_id=${wynyard.gyms[0]!.id}`)
      expect(otherOrganisation.status).toBe(404)
    })

    it('refuses the signed out (401), members (403) and nonsense (422)', async () => {
      const api = testApi()
      expect((await api.browser().get('/expected-payments-debugging')).status).toBe(401)

      const member = await createTestMember({
        db: database.db,
        organisationId: debug.organisation.id,
        gymId: debug.gyms[0]!.id,
        overrides: { email: 'member@debugging.test', passwordHash, emailVerified: true },
      })
      const browser = api.browser({ ip: '198.51.100.99' })
      expect((await browser.post('/login', { email: member.email, password })).status).toBe(200)
      for (const path of [
        '/expected-payments-debugging',
        '/active-user-debugging',
        '/active-user-debugging/counts',
      ]) {
        const refused = await browser.get(path)
        expect(refused.status).toBe(403)
        expect(await readMessage(refused, 403)).toBe('This action is unauthorized.')
      }

      const owner = await signIn({ org: debug, admin: true, api })
      expect((await owner.get('/expected-payments-debugging?weeks=0')).status).toBe(422)
      expect((await owner.get('/active-user-debugging?per_page=500')).status).toBe(422)
    })
  })

  describe('GET /active-user-debugging', () => {
    it('lists each member with their state and the reason in words', async () => {
      const browser = await signIn({ org: wynyard, admin: true })
      const response = await browser.get('/active-user-debugging?per_page=50')
      expect(response.status).toBe(200)
      const body = await readPage(response, activeUserRowSchema)
      expect(body.meta).toMatchObject({ total: 6, current_page: 1, last_page: 1, per_page: 50 })
      const sorted = [...body.data].map((row) => row.name)
      expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b, 'en')))
      const byName = new Map(body.data.map((row) => [row.name, row]))
      const row = (key: string) => byName.get(names[key] ?? '')

      expect(row('active')).toMatchObject({
        state: 'active',
        states: ['active'],
        is_active: true,
        card_colour: 'green',
        reason: 'Active: paid up, current period 16 Feb – 23 Feb 2026',
        subscription: {
          gym: { id: wynyard.gyms[0]!.id, name: 'Wynyard' },
          offering_name: '24/7 Access',
          amount: 2500,
          billing_frequency: 'weekly',
          current_period_start: '2026-02-16',
          current_period_end: '2026-02-23',
        },
      })
      expect(row('grace')).toMatchObject({
        state: 'in_grace_period',
        is_active: false,
        card_colour: 'amber',
        reason: 'In grace period until 23 Feb 2026, owes $50.00',
        subscription: { balance_owing: 5000, periods_owing: 2, grace_period_ends_at: '2026-02-23' },
      })
      expect(row('paused')).toMatchObject({
        state: 'paused',
        is_active: false,
        card_colour: 'amber',
        reason: 'Paused until 1 Mar 2026',
      })
      expect(row('cancelled')).toMatchObject({
        state: 'cancelled',
        states: ['cancelled', 'cancellation_undoable'],
        is_active: false,
        card_colour: 'green',
        reason:
          'Cancelled: access until 23 Feb 2026 (cancelled on 17 Feb 2026; can be undone until 23 Feb 2026)',
      })
      expect(row('upcoming')).toMatchObject({
        state: 'upcoming',
        is_active: false,
        card_colour: 'amber',
        reason: 'Upcoming: starts 2 Mar 2026',
      })
      expect(row('none')).toMatchObject({
        state: 'no_membership',
        subscription: null,
        is_active: false,
        card_colour: null,
        reason: 'Not active: no membership',
      })
    })

    it('pages in the Laravel envelope, keeping the other query values in its links', async () => {
      const browser = await signIn({ org: wynyard, admin: true })
      const gymId = wynyard.gyms[0]!.id
      const response = await browser.get(`/active-user-debugging?gym_id=${gymId}&per_page=4&page=2`)
      const body = await readPage(response, activeUserRowSchema)
      expect(body.data).toHaveLength(2)
      expect(body.meta).toEqual({ current_page: 2, from: 5, to: 6, last_page: 2, per_page: 4, total: 6 })
      expect(body.links.prev).toBe(`/api/active-user-debugging?gym_id=${gymId}&per_page=4&page=1`)
      expect(body.links.next).toBeNull()
    })

    it('counts members per state in the caller’s gyms', async () => {
      const browser = await signIn({ org: wynyard, admin: true })
      const response = await browser.get('/active-user-debugging/counts')
      expect(response.status).toBe(200)
      const data = await readData(response, activeUserCountsSchema)
      expect(data).toEqual({
        today,
        gym_id: null,
        gyms: [{ id: wynyard.gyms[0]!.id, name: 'Wynyard' }],
        total: 6,
        counts: {
          active: 1,
          in_grace_period: 1,
          paused: 1,
          paused_in_future: 0,
          cancelled: 1,
          cancellation_undoable: 1,
          upcoming: 1,
          no_membership: 1,
        },
      })
    })

    it('shows a gym admin only the members of their gyms, and 404s other gyms', async () => {
      const admin = await signIn({ org: debug, gymIndexes: [1] })
      const list = await readPage(await admin.get('/active-user-debugging'), activeUserRowSchema)
      expect(list.meta.total).toBe(2)
      expect(list.data.every((row) => row.subscription?.gym.name === 'Ponsonby')).toBe(true)
      const counts = await readData(await admin.get('/active-user-debugging/counts'), activeUserCountsSchema)
      expect(counts).toMatchObject({ total: 2, counts: { active: 1, in_grace_period: 1 } })

      expect((await admin.get(`/active-user-debugging?gym_id=${debug.gyms[0]!.id}`)).status).toBe(404)
      expect((await admin.get(`/active-user-debugging/counts?gym_id=${wynyard.gyms[0]!.id}`)).status).toBe(
        404,
      )
      expect((await testApi().browser().get('/active-user-debugging')).status).toBe(401)
    })
  })
})

import { parse } from 'csv-parse/sync'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { MemberState } from '~/contracts/billing-debugging'
import { memberSorts } from '~/contracts/member-filters'
import {
  joinedRangeMessage,
  type MemberFilterState,
  memberDetailSchema,
  memberFilterStates,
  memberHistoryEntrySchema,
  memberPaymentSchema,
  memberRowSchema,
  memberVisitSchema,
  priceMembershipSchema,
  scheduledPriceChangesSchema,
  subscriptionPeriodsSchema,
  weeklyCostPerVisitSchema,
  weeklyVisitsSchema,
} from '~/contracts/members'
import {
  auditLog,
  mailOutbox,
  organisations,
  payments,
  priceChangeHistory,
  subscriptions,
  users,
  visits,
} from '~/db/schema'
import { z } from '~/lib/validation'
import { addDays, instantAt } from '~/server/billing/calendar'
import { planAdvance } from '~/server/billing/engine/advance-subscriptions.server'
import { createRandom } from '~/server/seed/random'
import { forEachMemberBatch, type MemberListRow } from '~/server/services/members/find-member-page.server'
import { createSubscription } from '~/server/services/subscriptions/create-subscription.server'
import { createTestMember, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readErrors, readMessage, readPage } from '../support/answers'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { memberDetailsBody } from '../support/member-details'
import { signInStaff, staffSignIn } from '../support/sign-in'

const today = '2026-05-20'
/** 13:00 in Auckland on `today`. */
const now = new Date(`${today}T01:00:00Z`)

interface Made {
  id: number
  name: string
  gymIndex: number
  /** What SPEC §4's rules (through the API's own row) must say; filled from the list's answer. */
  tags: string[]
  joinedOn: string
  lastVisitOn: string | null
  owing: number
  hasMembership: boolean
  offering: 'flexi' | 'term'
}

/**
 * The members list (issue 15) over 48 members of "List Fitness" (gyms Newmarket and Ponsonby) whose
 * latest memberships are written straight into every combination of SPEC §4's state columns (paused now
 * or later, cancelled with or without a grace period, before or after the paid-through day, upcoming by
 * mark or by a later period), plus tags, visits and joined days; and one member of another organisation.
 */
describeEachDatabase('members list API', (database) => {
  let org: TestOrganisation
  let other: TestOrganisation
  const made: Made[] = []
  const testApi = () => createTestApi(database, { now: () => now })
  const signIn = staffSignIn({ database, now, organisation: () => org })

  /**
   * A new member of List Fitness (home gym `homeGymIndex`, default `gymIndex`) with a membership on
   * `priceId` (default: a price the list's members are on) at gym `gymIndex` from `startDate`.
   */
  async function memberWithMembership(options: {
    seed: string
    gymIndex: number
    homeGymIndex?: number
    priceId?: number
    startDate: string
    createdAt?: Date
  }) {
    const db = database.db
    const member = await createTestMember({
      db,
      organisationId: org.organisation.id,
      gymId: org.gyms[options.homeGymIndex ?? options.gymIndex]!.id,
      now,
      seed: options.seed,
    })
    const priceId = options.priceId ?? (await db.select().from(subscriptions).limit(1))[0]!.priceId
    const subscription = await createSubscription({
      db,
      now: options.createdAt ?? now,
      organisationId: org.organisation.id,
      userId: member.id,
      gymId: org.gyms[options.gymIndex]!.id,
      priceId,
      startDate: options.startDate,
    })
    return { member, subscription }
  }

  beforeAll(async () => {
    const db = database.db
    org = await createTestOrganisation({ db, name: 'List Fitness', gymNames: ['Newmarket', 'Ponsonby'] })
    other = await createTestOrganisation({ db, name: 'Elsewhere Gym', gymNames: ['Elsewhere'] })
    // These tests move memberships at their period end, days away: the notice period before a rise has
    // its own tests (price-rise-notice.test.ts).
    await db
      .update(organisations)
      .set({ priceRiseNoticeDays: 0 })
      .where(eq(organisations.id, org.organisation.id))
    const start = instantAt('2026-01-01')
    const gymIds = org.gyms.map((gym) => gym.id)
    const flexi = await createTestPrice({
      db,
      organisationId: org.organisation.id,
      gymIds,
      amount: 2500,
      now: start,
    })
    const term = await createTestPrice({
      db,
      organisationId: org.organisation.id,
      gymIds,
      amount: 1900,
      now: start,
    })
    const random = createRandom('members-list')
    const pick = <T>(values: readonly T[]): T => values[random.int(0, values.length - 1)] as T
    const maybeDay = (from: number, to: number) =>
      random.int(0, 2) === 0 ? null : addDays(today, random.int(from, to))

    for (let index = 0; index < 48; index += 1) {
      const gymIndex = index % 2
      const joinedOn = addDays(today, -random.int(0, 120))
      const member = await createTestMember({
        db,
        organisationId: org.organisation.id,
        gymId: gymIds[gymIndex]!,
        now: instantAt(joinedOn),
        seed: `list-${index}`,
      })
      const tags = index % 5 === 0 ? ['VIP'] : index % 7 === 0 ? ['Student', 'VIP'] : []
      await db
        .update(users)
        .set({ tags, createdAt: instantAt(joinedOn) })
        .where(eq(users.id, member.id))
      const lastVisitOn = index % 4 === 0 ? null : addDays(today, -random.int(0, 40))
      if (lastVisitOn) {
        await db.insert(visits).values([
          {
            organisationId: org.organisation.id,
            gymId: gymIds[gymIndex]!,
            userId: member.id,
            visitedAt: instantAt(addDays(lastVisitOn, -3), '07:30'),
          },
          {
            organisationId: org.organisation.id,
            gymId: gymIds[gymIndex]!,
            userId: member.id,
            visitedAt: instantAt(lastVisitOn, '18:10'),
          },
        ])
      }
      // A refused swipe today is not a visit.
      await db.insert(visits).values({
        organisationId: org.organisation.id,
        gymId: gymIds[gymIndex]!,
        userId: member.id,
        visitedAt: instantAt(today, '06:00'),
        successful: false,
      })

      const hasMembership = index % 8 !== 7
      const offering = index % 3 === 0 ? 'term' : 'flexi'
      let owing = 0
      if (hasMembership) {
        const subscription = await createSubscription({
          db,
          now: instantAt('2026-02-01'),
          organisationId: org.organisation.id,
          userId: member.id,
          gymId: gymIds[gymIndex]!,
          priceId: (offering === 'term' ? term : flexi).price.id,
          startDate: '2026-02-01',
        })
        owing = pick([0, 0, 2500, 5000])
        const cancelled = random.int(0, 3) === 0
        await db
          .update(subscriptions)
          .set({
            currentPeriodStart: pick([addDays(today, -3), addDays(today, -10), addDays(today, 4)]),
            currentPeriodEnd: pick([addDays(today, -1), addDays(today, 4), addDays(today, 11)]),
            pauseStartAt: maybeDay(-20, 20),
            pauseEndAt: maybeDay(-10, 30),
            cancelledAt: cancelled ? instantAt(addDays(today, -random.int(0, 9))) : null,
            undoCancellationUntil: cancelled && random.int(0, 1) === 0 ? instantAt(addDays(today, 2)) : null,
            gracePeriodEndsAt: random.int(0, 4) === 0 ? addDays(today, 5) : null,
            upcomingState: pick([null, null, null, 'upcoming', 'failed', 'pending']),
            balanceOwing: owing,
          })
          .where(eq(subscriptions.id, subscription.id))
      }
      made.push({
        id: member.id,
        name: member.name,
        gymIndex,
        tags,
        joinedOn,
        lastVisitOn,
        owing,
        hasMembership,
        offering,
      })
    }
    await createTestMember({
      db,
      organisationId: other.organisation.id,
      gymId: other.gyms[0]!.id,
      now,
      seed: 'elsewhere',
    })
  })

  async function listAll(browser: Awaited<ReturnType<typeof signIn>>, query = '') {
    const rows = []
    for (let page = 1; ; page += 1) {
      const answer = await readPage(
        await browser.get(`/members?per_page=100&page=${page}${query}`),
        memberRowSchema,
      )
      rows.push(...answer.data)
      if (page >= answer.meta.last_page) return { rows, total: answer.meta.total }
    }
  }

  /** SPEC §4's rules, as the API's own rows state them, for each filter state. */
  function holds(state: MemberFilterState, row: { states: MemberState[] }, facts: { cancelling: boolean }) {
    switch (state) {
      case 'no_subscription':
        return row.states.includes('no_membership')
      case 'cancelling':
        return facts.cancelling
      default:
        return row.states.includes(state)
    }
  }

  describe('GET /members', () => {
    it('lists every member of the organisation to its admin, by name, paged, with SPEC §4 states', async () => {
      const browser = await signIn({ admin: true })
      const first = await readPage(await browser.get('/members?per_page=10'), memberRowSchema)
      expect(first.meta).toMatchObject({
        total: 48,
        per_page: 10,
        last_page: 5,
        current_page: 1,
        from: 1,
        to: 10,
      })
      const { rows } = await listAll(browser)
      expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(
        made.map((member) => member.id).sort((a, b) => a - b),
      )
      const sortedNames = [...rows.map((row) => row.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      expect(rows.map((row) => row.name)).toEqual(sortedNames)
      for (const row of rows) {
        const member = made.find((candidate) => candidate.id === row.id)!
        expect(row.gym?.name).toBe(org.gyms[member.gymIndex]!.name)
        expect(row.tags).toEqual(member.tags)
        expect(row.joined_at.slice(0, 10) <= member.joinedOn).toBe(true)
        expect(row.last_visit_at === null).toBe(member.lastVisitOn === null)
        if (member.hasMembership) {
          expect(row.price?.amount).toBe(member.offering === 'term' ? 1900 : 2500)
          expect(row.balance_owing).toBe(member.owing)
        } else {
          expect(row).toMatchObject({
            state: 'no_membership',
            offering: null,
            price: null,
            card_colour: null,
            balance_owing: 0,
          })
        }
      }
    })

    it('filters by every state in SQL exactly as SPEC §4’s rules read each member', async () => {
      const browser = await signIn({ admin: true })
      const { rows } = await listAll(browser)
      const db = database.db
      const subs = await db.select().from(subscriptions)
      for (const state of memberFilterStates) {
        const filtered = await listAll(browser, `&state=${state}`)
        const expected = rows.filter((row) => {
          const sub = subs.find((candidate) => candidate.userId === row.id)
          const cancelling =
            Boolean(sub?.cancelledAt) && !sub?.gracePeriodEndsAt && (sub?.currentPeriodEnd ?? '') > today
          return holds(state, row, { cancelling })
        })
        expect(filtered.rows.map((row) => row.id).sort(), state).toEqual(expected.map((row) => row.id).sort())
        expect(filtered.total).toBe(expected.length)
      }
      // Every state is met by someone, so the comparison above compared something.
      for (const state of memberFilterStates) {
        expect((await listAll(browser, `&state=${state}`)).total, state).toBeGreaterThan(0)
      }
    })

    it('counts the active members of each gym and offering as it lists them (the count subtracts the rest on their indexes)', async () => {
      const browser = await signIn({ admin: true })
      const ponsonbyAdmin = await signIn({ gyms: [{ index: 1, role: 'admin' }] })
      const offeringIds = [
        ...new Set((await listAll(browser)).rows.flatMap((row) => (row.offering ? [row.offering.id] : []))),
      ]
      const queries = [
        '&state=active',
        ...org.gyms.map((gym) => `&state=active&gym_id=${gym.id}`),
        ...offeringIds.map((id) => `&state=active&offering_id=${id}`),
      ]
      for (const query of queries) {
        const listed = await listAll(browser, query)
        expect(listed.total, query).toBe(listed.rows.length)
        expect(
          listed.rows.every((row) => row.states.includes('active')),
          query,
        ).toBe(true)
      }
      const theirs = await listAll(ponsonbyAdmin, '&state=active')
      expect(theirs.total).toBe(theirs.rows.length)
      expect(theirs.total).toBe(
        (await listAll(browser, `&state=active&gym_id=${org.gyms[1]!.id}`)).rows.length,
      )
      expect(theirs.total).toBeGreaterThan(0)
    })

    it('filters by tag, offering, joined days, days without a visit, money owed and text, and sorts', async () => {
      const browser = await signIn({ admin: true })
      const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id).sort((a, b) => a - b)
      const expectIds = (rows: Array<{ id: number }>, members: Made[]) =>
        expect(ids(rows)).toEqual(ids(members))

      expectIds(
        (await listAll(browser, '&tag=VIP')).rows,
        made.filter((member) => member.tags.includes('VIP')),
      )
      expectIds(
        (await listAll(browser, '&tag=Student')).rows,
        made.filter((member) => member.tags.includes('Student')),
      )

      const all = await listAll(browser)
      const termOffering = all.rows.find((row) => row.price?.amount === 1900)?.offering
      expect(termOffering).toBeTruthy()
      expectIds(
        (await listAll(browser, `&offering_id=${termOffering?.id}`)).rows,
        made.filter((member) => member.hasMembership && member.offering === 'term'),
      )

      const from = addDays(today, -60)
      const to = addDays(today, -10)
      expectIds(
        (await listAll(browser, `&joined_from=${from}&joined_to=${to}`)).rows,
        made.filter((member) => member.joinedOn >= from && member.joinedOn <= to),
      )
      // No visit on any of the last 14 days (today included): the last one 14 or more days ago, or none.
      expectIds(
        (await listAll(browser, '&not_visited_days=14')).rows,
        made.filter((member) => member.lastVisitOn === null || member.lastVisitOn <= addDays(today, -14)),
      )
      expectIds(
        (await listAll(browser, '&owing=true')).rows,
        made.filter((member) => member.hasMembership && member.owing > 0),
      )
      expectIds(
        (await listAll(browser, '&owing=false')).rows,
        made.filter((member) => !member.hasMembership || member.owing === 0),
      )

      const someone = made[5]!
      const byText = await listAll(
        browser,
        `&search=${encodeURIComponent(someone.name.slice(0, 6).toUpperCase())}`,
      )
      expect(byText.rows.map((row) => row.id)).toContain(someone.id)
      expect(
        byText.rows.every(
          (row) =>
            row.name.toLowerCase().includes(someone.name.slice(0, 6).toLowerCase()) ||
            row.email.toLowerCase().includes(someone.name.slice(0, 6).toLowerCase()),
        ),
      ).toBe(true)
      // LIKE's wildcards are letters like any other.
      expect((await listAll(browser, '&search=%25')).total).toBe(0)

      const newest = await listAll(browser, '&sort=-joined')
      const joined = newest.rows.map((row) => row.joined_at)
      expect(joined).toEqual([...joined].sort().reverse())
      const lastVisits = (await listAll(browser, '&sort=-last_visit')).rows.map((row) => row.last_visit_at)
      const visited = lastVisits.filter((value) => value !== null)
      expect(lastVisits.slice(0, visited.length)).toEqual([...visited].sort().reverse())
      const balances = (await listAll(browser, '&sort=-balance')).rows.map((row) => row.balance_owing ?? 0)
      expect(balances).toEqual([...balances].sort((a, b) => b - a))
    })

    it('limits a gym admin to their gym, answers another gym as unknown, and hides money from trainers', async () => {
      const ponsonbyAdmin = await signIn({ gyms: [{ index: 1, role: 'admin' }] })
      const theirs = await listAll(ponsonbyAdmin)
      expect(theirs.total).toBe(made.filter((member) => member.gymIndex === 1).length)
      expect(theirs.rows.every((row) => row.gym?.name === 'Ponsonby')).toBe(true)
      expect(await readMessage(await ponsonbyAdmin.get(`/members?gym_id=${org.gyms[0]!.id}`), 404)).toBe(
        'Gym not found.',
      )
      expect((await ponsonbyAdmin.get(`/members?gym_id=${other.gyms[0]!.id}`)).status).toBe(404)

      const trainer = await signIn({ gyms: [{ index: 0, role: 'personal_trainer' }] })
      const seen = await listAll(trainer, '&owing=true&sort=-balance')
      // The money filter means nothing to them: every member of their gym, by name.
      expect(seen.total).toBe(made.filter((member) => member.gymIndex === 0).length)
      expect(
        seen.rows.every(
          (row) => row.balance_owing === null && (row.price === null || row.price.amount === null),
        ),
      ).toBe(true)

      const elsewhere = await signIn({ org: other, admin: true })
      const theirMembers = await listAll(elsewhere)
      expect(theirMembers.total).toBe(1)
      expect(theirMembers.rows.some((row) => made.some((member) => member.id === row.id))).toBe(false)
    })

    it('refuses bad filters with plain words, and anyone but staff', async () => {
      const browser = await signIn({ admin: true })
      expect(await readErrors(await browser.get('/members?state=asleep'))).toHaveProperty('state')
      expect(
        await readErrors(await browser.get(`/members?joined_from=${today}&joined_to=${addDays(today, -1)}`)),
      ).toEqual({
        joined_to: [joinedRangeMessage],
      })
      expect(await readErrors(await browser.get('/members?not_visited_days=0'))).toHaveProperty(
        'not_visited_days',
      )
      expect(await readErrors(await browser.get('/members?gym_id=99999999999'))).toHaveProperty('gym_id')
      expect(await readErrors(await browser.get(`/members?search=${'x'.repeat(201)}`))).toHaveProperty(
        'search',
      )
      expect((await testApi().browser().get('/members')).status).toBe(401)
    })
  })

  describe('GET /members/{id}, /users/{id}/payments and /users/{id}/visits', () => {
    it('shows a member’s page as the list reads them, with their payments and visits newest first', async () => {
      const browser = await signIn({ admin: true })
      const member = made.find((candidate) => candidate.hasMembership && candidate.lastVisitOn !== null)!
      const listed = (await listAll(browser)).rows.find((row) => row.id === member.id)!
      const detail = await readData(await browser.get(`/members/${member.id}`), memberDetailSchema)
      expect(detail).toMatchObject({
        id: member.id,
        name: member.name,
        tags: member.tags,
        state: listed.state,
        states: listed.states,
        card_colour: listed.card_colour,
        balance_owing: member.owing,
        home_gym: { name: org.gyms[member.gymIndex]!.name },
        payment_methods: [],
      })
      expect(detail.membership).toMatchObject({
        gym: { name: org.gyms[member.gymIndex]!.name },
        price: { amount: member.offering === 'term' ? 1900 : 2500, billing_frequency: 'weekly' },
        type_label: 'Flexi',
        start_date: '2026-02-01',
      })
      expect(detail.membership?.reason).toMatch(/^(Active|Not active|In grace|Paused|Upcoming)/)

      const visitsPage = await readPage(
        await browser.get(`/users/${member.id}/visits?per_page=2`),
        memberVisitSchema,
      )
      expect(visitsPage.meta.total).toBe(3)
      // Today's refused swipe first, then the last visit.
      expect(visitsPage.data.map((visit) => visit.successful)).toEqual([false, true])
      expect((visitsPage.data[1]?.visited_at ?? '').slice(0, 10) <= (member.lastVisitOn ?? '')).toBe(true)

      const paymentsPage = await readPage(
        await browser.get(`/users/${member.id}/payments`),
        memberPaymentSchema,
      )
      const dues = paymentsPage.data.map((payment) => payment.due_on)
      expect(dues).toEqual([...dues].sort().reverse())
      for (const payment of paymentsPage.data) {
        expect(payment.failure_reason === null).toBe(payment.status_kind !== 'failed')
      }
    })

    it('is a 404 for a member out of scope, and keeps money from trainers', async () => {
      const member = made.find((candidate) => candidate.gymIndex === 0 && candidate.hasMembership)!
      const ponsonbyAdmin = await signIn({ gyms: [{ index: 1, role: 'admin' }] })
      expect(await readMessage(await ponsonbyAdmin.get(`/members/${member.id}`), 404)).toBe(
        'Member not found.',
      )
      expect((await ponsonbyAdmin.get(`/users/${member.id}/visits`)).status).toBe(404)
      expect((await ponsonbyAdmin.get(`/users/${member.id}/payments`)).status).toBe(404)
      const elsewhere = await signIn({ org: other, admin: true })
      expect((await elsewhere.get(`/members/${member.id}`)).status).toBe(404)
      expect((await elsewhere.get('/members/99999999999')).status).toBe(404)

      const trainer = await signIn({ gyms: [{ index: 0, role: 'personal_trainer' }] })
      const detail = await readData(await trainer.get(`/members/${member.id}`), memberDetailSchema)
      expect(detail.balance_owing).toBeNull()
      expect(detail.membership?.price.amount).toBeNull()
      expect(detail.membership?.reason).not.toMatch(/\$|owes|paid up/)
      expect((await trainer.get(`/users/${member.id}/payments`)).status).toBe(403)
      expect((await trainer.get(`/users/${member.id}/visits`)).status).toBe(200)
    })
  })

  describe('a change and its history line', () => {
    it('commit together: when the line cannot be written, the pause is not kept either', async () => {
      const { db } = database
      const browser = await signIn({ admin: true })
      const { subscription } = await memberWithMembership({
        seed: 'atomic',
        gymIndex: 0,
        startDate: addDays(today, -20),
      })
      // A fault in the history table, for this one action only.
      await db.execute(sql`create function refuse_pause_audit() returns trigger language plpgsql as $$
        begin raise exception 'history unavailable'; end $$`)
      await db.execute(sql`create trigger refuse_pause_audit before insert on audit_log for each row
        when (new.action = 'membership.paused') execute function refuse_pause_audit()`)
      try {
        const paused = await browser.post(`/subscriptions/${subscription.id}/pause`, {
          version: subscription.version,
          start_date: addDays(today, 10),
          end_date: addDays(today, 16),
        })
        expect(paused.status).toBe(500)
      } finally {
        await db.execute(sql`drop trigger refuse_pause_audit on audit_log`)
        await db.execute(sql`drop function refuse_pause_audit()`)
      }
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
      expect(row?.pauseStartAt).toBeNull()
      expect(row?.version).toBe(subscription.version)
    })
  })

  describe('starting a membership early', () => {
    it('bills the days until the original start once: a second start is refused', async () => {
      const _db = database.db
      const browser = await signIn({ admin: true })
      const { member, subscription } = await memberWithMembership({
        seed: 'early',
        homeGymIndex: 0,
        gymIndex: 1,
        startDate: addDays(today, 3),
      })
      const quote = await browser.get(`/subscriptions/${subscription.id}/start-early-data`)
      expect(quote.status).toBe(200)
      const started = await browser.post(`/subscriptions/${subscription.id}/start-early`, {
        version: subscription.version,
      })
      expect(started.status).toBe(200)
      const detail = await readData(await browser.get(`/members/${member.id}`), memberDetailSchema)
      expect(detail.membership?.upcoming_state).toBeNull()
      // Running from today: the days until the original start are its current period.
      expect(detail.state).toBe('active')
      expect(detail.membership?.current_period_start).toBe(today)
      expect(detail.membership?.current_period_end).toBe(subscription.startDate)
      // On the original start day the engine renews into the first full period, whose payment was made
      // at sign-up: no second payment for it.
      const [row] = await database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, subscription.id))
      if (!row) throw new Error('The membership is gone')
      const plan = planAdvance({
        subscription: row,
        price: { billingFrequency: 'weekly' },
        pauses: [],
        today: subscription.startDate,
      })
      expect(plan.renewal).toMatchObject({
        start: subscription.startDate,
        end: addDays(subscription.startDate, 7),
      })
      expect(plan.nextPayment?.start).toBe(addDays(subscription.startDate, 7))
      expect(
        await readMessage(await browser.get(`/subscriptions/${subscription.id}/start-early-data`), 409),
      ).toBe('The membership has already been started early.')
      expect(
        await readMessage(
          await browser.post(`/subscriptions/${subscription.id}/start-early`, {
            version: detail.membership?.version,
          }),
          409,
        ),
      ).toBe('The membership has already been started early.')

      // The member's history says who did it, in words; a trainer reads it without the amounts.
      const paused = await browser.post(`/subscriptions/${subscription.id}/pause`, {
        version: detail.membership?.version,
        start_date: addDays(today, 10),
        end_date: addDays(today, 16),
      })
      expect(paused.status).toBe(200)
      const history = await readPage(
        await browser.get(`/members/${member.id}/history`),
        memberHistoryEntrySchema,
      )
      // Each change with the e-mail the member was sent about it (issue 25).
      expect(history.data.map((entry) => entry.description)).toEqual([
        'Paused from 30 May 2026 to 5 Jun 2026',
        'E-mailed: Your membership is paused',
        expect.stringMatching(/^Started early instead of on 23 May 2026, \$\d+\.\d{2} for the days between$/),
        'E-mailed: Your membership has started early',
      ])
      expect(history.data[0]?.actor?.name).toBe('Test Staff')
      const trainer = await signIn({ gyms: [{ index: 1, role: 'personal_trainer' }] })
      const theirs = await readPage(
        await trainer.get(`/members/${member.id}/history`),
        memberHistoryEntrySchema,
      )
      expect(theirs.data.map((entry) => entry.description)).toEqual([
        'Paused from 30 May 2026 to 5 Jun 2026',
        'E-mailed: Your membership is paused',
        'Started early',
        'E-mailed: Your membership has started early',
      ])
      // A trainer sees that an e-mail was sent, not what it says (receipts and notices name amounts).
      expect(theirs.data.filter((entry) => entry.email).every((entry) => entry.email?.text === null)).toBe(
        true,
      )
      const elsewhere = await signIn({ org: other, admin: true })
      expect((await elsewhere.get(`/members/${member.id}/history`)).status).toBe(404)
    })
  })

  describe('POST /members', () => {
    const added = (overrides: Record<string, unknown> = {}) => ({
      name: 'Mere Added',
      email: `mere-${Math.random().toString(36).slice(2)}@added.test`,
      mobile_number: '021 555 0123',
      dob: '1994-08-09',
      gym_id: org.gyms[1]!.id,
      ...overrides,
    })

    it('adds a member who is e-mailed a link to set a password and finish joining, the price carried', async () => {
      const api = testApi()
      const browser = await signInStaff({ database, api, now, organisation: org, admin: true })
      const [price] = await database.db.select().from(subscriptions).limit(1)
      const body = added({ price_id: price!.priceId })
      const response = await browser.post('/members', body)
      expect(response.status).toBe(201)
      const member = await readData(response, memberDetailSchema, 201)
      expect(member).toMatchObject({
        name: 'Mere Added',
        email: body.email,
        home_gym: { name: 'Ponsonby' },
        membership: null,
        state: 'no_membership',
      })
      const mail = await api.latestMail(body.email as string)
      expect(mail.subject).toBe('Finish joining Ponsonby')
      expect(mail.text).toMatch(/Nothing is charged until you confirm/)
      const link = new URL(mail.text.match(/Finish joining: (\S+)/)?.[1] ?? '')
      expect(link.pathname).toBe('/finish-joining')
      expect(link.searchParams.get('price')).toBe(String(price!.priceId))
      expect(link.searchParams.get('email')).toBe(body.email)

      // The link sets the password and signs the member in, once.
      const member_ = api.browser({ origin: 'http://join.localhost:3000', ip: '198.18.200.1' })
      const accepted = await member_.post('/set-password', {
        token: link.searchParams.get('token'),
        email: body.email,
        password: 'a long enough passphrase',
        password_confirmation: 'a long enough passphrase',
      })
      expect(accepted.status).toBe(200)
      expect((await member_.get('/me')).status).toBe(200)
      const again = await api.browser({ ip: '198.18.200.2' }).post('/set-password', {
        token: link.searchParams.get('token'),
        email: body.email,
        password: 'another long passphrase',
        password_confirmation: 'another long passphrase',
      })
      expect(again.status).toBe(422)

      const history = await readPage(
        await browser.get(`/members/${member.id}/history`),
        memberHistoryEntrySchema,
      )
      expect(history.data[0]?.description).toBe('Added by staff and sent the link to finish joining')
    })

    it('refuses a used e-mail, a price not on sale at the gym, a trainer, and another gym', async () => {
      const admin = await signIn({ admin: true })
      const body = added()
      expect((await admin.post('/members', body)).status).toBe(201)
      expect(
        await readErrors(await admin.post('/members', { ...body, name: 'Someone Else' })),
      ).toHaveProperty('email')
      expect(await readErrors(await admin.post('/members', added({ price_id: 2_000_000_000 })))).toEqual({
        price_id: ['Choose a price on sale at this gym.'],
      })
      expect(await readErrors(await admin.post('/members', added({ dob: '2999-01-01' })))).toHaveProperty(
        'dob',
      )
      const trainer = await signIn({ gyms: [{ index: 1, role: 'personal_trainer' }] })
      expect((await trainer.post('/members', added())).status).toBe(403)
      const newmarketAdmin = await signIn({ gyms: [{ index: 0, role: 'admin' }] })
      expect((await newmarketAdmin.post('/members', added())).status).toBe(404)
      const elsewhere = await signIn({ org: other, admin: true })
      expect((await elsewhere.post('/members', added())).status).toBe(404)
    })
  })

  describe('PUT and DELETE /members/{id}', () => {
    const details = {
      name: 'Changed Name',
      mobile_number: '027 555 0102',
      dob: '1988-03-04',
      address: '12 Example Street',
      suburb: 'Grey Lynn',
      city: 'Auckland',
      post_code: '1021',
      emergency_contact_name: 'Kiri Contact',
      emergency_contact_relationship: 'Sister',
      emergency_contact_mobile_number: '021 555 0103',
      emergency_contact_email: '',
      tags: ['VIP', 'Early bird'],
      notes: 'Prefers mornings',
      email_notifications_enabled: true,
      push_notifications_enabled: false,
      payment_reminders: true,
    }

    it('changes a member’s details with the join site’s rules, and records what changed', async () => {
      const browser = await signIn({ admin: true })
      const member = await createTestMember({
        db: database.db,
        organisationId: org.organisation.id,
        gymId: org.gyms[1]!.id,
        now,
        seed: 'edit',
      })
      const updated = await readData(
        await browser.request('PUT', `/members/${member.id}`, { body: details }),
        memberDetailSchema,
      )
      expect(updated).toMatchObject({
        name: 'Changed Name',
        mobile_number: '027 555 0102',
        dob: '1988-03-04',
        address: { address: '12 Example Street', suburb: 'Grey Lynn', city: 'Auckland', post_code: '1021' },
        emergency_contact: {
          name: 'Kiri Contact',
          relationship: 'Sister',
          mobile_number: '021 555 0103',
          email: null,
        },
        tags: ['VIP', 'Early bird'],
        notes: 'Prefers mornings',
        preferences: { push_notifications_enabled: false },
      })
      const history = await readPage(
        await browser.get(`/members/${member.id}/history`),
        memberHistoryEntrySchema,
      )
      expect(history.data[0]?.description).toMatch(
        /^Details changed: name, mobile, date of birth, address, suburb, (city, )?post code, emergency contact, tags, notes, preferences$/,
      )
      // Saving the same again changes nothing and says nothing.
      await browser.request('PUT', `/members/${member.id}`, { body: details })
      expect(
        (await readPage(await browser.get(`/members/${member.id}/history`), memberHistoryEntrySchema)).meta
          .total,
      ).toBe(1)

      expect(
        await readErrors(
          await browser.request('PUT', `/members/${member.id}`, {
            body: { ...details, post_code: '12', emergency_contact_email: 'nope', name: '' },
          }),
        ),
      ).toEqual({
        name: ['Value is required'],
        post_code: ['Enter the 4-digit post code.'],
        emergency_contact_email: ['Value is not a valid email address'],
      })
      const trainer = await signIn({ gyms: [{ index: 1, role: 'personal_trainer' }] })
      expect((await trainer.request('PUT', `/members/${member.id}`, { body: details })).status).toBe(403)
      const newmarketAdmin = await signIn({ gyms: [{ index: 0, role: 'admin' }] })
      expect((await newmarketAdmin.request('PUT', `/members/${member.id}`, { body: details })).status).toBe(
        404,
      )
    })

    it('deletes a member: the membership is cancelled today, sessions end, and they leave the list', async () => {
      const db = database.db
      const browser = await signIn({ admin: true })
      const { member } = await memberWithMembership({ seed: 'delete', gymIndex: 1, startDate: today })
      const trainer = await signIn({ gyms: [{ index: 1, role: 'personal_trainer' }] })
      expect((await trainer.request('DELETE', `/members/${member.id}`)).status).toBe(403)
      const answer = await browser.request('DELETE', `/members/${member.id}`)
      expect(await readMessage(answer, 'success')).toBe(
        'Member deleted; their membership was cancelled today.',
      )
      const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.id))
      expect(sub?.cancelledAt).not.toBeNull()
      expect(sub?.cancellationReasons).toEqual(['Member deleted'])
      expect((await browser.get(`/members/${member.id}`)).status).toBe(404)
      expect((await listAll(browser, `&search=${encodeURIComponent(member.email)}`)).total).toBe(0)
      expect((await browser.request('DELETE', `/members/${member.id}`)).status).toBe(404)
    })
  })

  describe('a member’s e-mail changed by staff', () => {
    const details = memberDetailsBody({
      name: 'Aroha Address',
      mobile_number: '027 555 0199',
      dob: '1990-01-02',
    })
    const put = (browser: Awaited<ReturnType<typeof signIn>>, id: number, body: Record<string, unknown>) =>
      browser.request('PUT', `/members/${id}`, { body })

    it('changes the sign-in address, tells the old one, asks the member to confirm the new one, keeps their sessions', async () => {
      const db = database.db
      const api = testApi()
      const browser = await signInStaff({ database, api, now, organisation: org, admin: true })
      const old = `aroha-${process.pid}@old.test`
      const member = await createTestMember({
        db,
        organisationId: org.organisation.id,
        gymId: org.gyms[1]!.id,
        now,
        seed: 'email-change',
        overrides: { email: old, password: 'a long enough passphrase', emailVerified: true },
      })
      // The member is signed in on the join site, address verified.
      const phone = api.browser({ origin: 'http://join.localhost:3000', ip: '198.18.210.1' })
      expect((await phone.post('/login', { email: old, password: 'a long enough passphrase' })).status).toBe(
        200,
      )
      expect((await phone.get('/me')).status).toBe(200)
      await readData(await put(browser, member.id, details), memberDetailSchema)

      const fresh = `Aroha.New-${process.pid}@New.Test `
      const lower = fresh.trim().toLowerCase()
      const updated = await readData(
        await put(browser, member.id, { ...details, email: fresh }),
        memberDetailSchema,
      )
      expect(updated.email).toBe(lower)
      const [row] = await db.select().from(users).where(eq(users.id, member.id))
      expect(row?.email).toBe(lower)
      expect(row?.emailVerifiedAt).toBeNull()

      // The notice went to the OLD address, in this organisation's name.
      const notice = await api.latestMail(old)
      expect(notice.subject).toBe('Your List Fitness sign-in address has changed')
      expect(notice.organisationId).toBe(org.organisation.id)
      expect(notice.text).toContain(`changed the e-mail address you sign in with to ${lower}`)
      expect(notice.text).toContain('If you didn’t ask for this, contact List Fitness straight away')

      // The history says so, with the address before and after.
      const history = await readPage(
        await browser.get(`/members/${member.id}/history`),
        memberHistoryEntrySchema,
      )
      expect(history.data[0]?.description).toBe(`Details changed: e-mail; the member was told at ${old}`)
      const [line] = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subjectId, member.id))
        .orderBy(sql`${auditLog.id} desc`)
        .limit(1)
      expect(line?.changes).toMatchObject({ email: [old, lower] })

      // Their session stays, and asks for the code sent to the new address before anything else.
      const pending = await phone.get('/me')
      expect(pending.status).toBe(400)
      expect(await pending.json()).toMatchObject({ error: 'not_two_factor_authenticated', email: lower })
      expect((await phone.post('/email/resend')).status).toBe(200)
      expect((await phone.post('/email/verify', { code: await api.latestCode(lower) })).status).toBe(200)
      expect((await phone.get('/me')).status).toBe(200)
      // The old address no longer signs in; the new one does.
      expect(
        (
          await api
            .browser({ ip: '198.18.210.2' })
            .post('/login', { email: old, password: 'a long enough passphrase' })
        ).status,
      ).toBe(422)
      expect(
        (
          await api
            .browser({ ip: '198.18.210.3' })
            .post('/login', { email: lower, password: 'a long enough passphrase' })
        ).status,
      ).toBe(200)
    })

    it('refuses a bad or taken address in plain words; the same one in capitals changes nothing', async () => {
      const db = database.db
      const api = testApi()
      const browser = await signInStaff({ database, api, now, organisation: org, admin: true })
      const member = await createTestMember({
        db,
        organisationId: org.organisation.id,
        gymId: org.gyms[1]!.id,
        now,
        seed: 'email-refused',
      })
      const someoneElse = await createTestMember({
        db,
        organisationId: org.organisation.id,
        gymId: org.gyms[0]!.id,
        now,
        seed: 'email-taken',
      })
      await readData(await put(browser, member.id, details), memberDetailSchema)
      expect(await readErrors(await put(browser, member.id, { ...details, email: 'nope' }))).toEqual({
        email: ['Value is not a valid email address'],
      })
      expect(await readErrors(await put(browser, member.id, { ...details, email: '' }))).toEqual({
        email: ['Value is required'],
      })
      expect(
        await readErrors(
          await put(browser, member.id, { ...details, email: someoneElse.email.toUpperCase() }),
        ),
      ).toEqual({ email: ['The email has already been taken.'] })
      // Another organisation's member may have it: addresses are per organisation.
      const elsewhere = await createTestMember({
        db,
        organisationId: other.organisation.id,
        gymId: other.gyms[0]!.id,
        now,
        seed: 'email-elsewhere',
      })
      const [outboxBefore] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox)
      const same = await readData(
        await put(browser, member.id, { ...details, email: member.email.toUpperCase() }),
        memberDetailSchema,
      )
      expect(same.email).toBe(member.email)
      const [outboxAfter] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox)
      expect(outboxAfter?.n).toBe(outboxBefore?.n)
      const moved = await readData(
        await put(browser, member.id, { ...details, email: elsewhere.email }),
        memberDetailSchema,
      )
      expect(moved.email).toBe(elsewhere.email)
      expect((await api.latestMail(member.email)).subject).toBe(
        'Your List Fitness sign-in address has changed',
      )

      // Nobody else's member: another organisation's admin gets a 404, a trainer a 403, another gym's admin a 404.
      const body = { ...details, email: `someone-${process.pid}@else.test` }
      const stranger = await signIn({ org: other, admin: true })
      expect((await put(stranger, member.id, body)).status).toBe(404)
      const trainer = await signIn({ gyms: [{ index: 1, role: 'personal_trainer' }] })
      expect((await put(trainer, member.id, body)).status).toBe(403)
      const newmarketAdmin = await signIn({ gyms: [{ index: 0, role: 'admin' }] })
      expect((await put(newmarketAdmin, member.id, body)).status).toBe(404)
      const [unchanged] = await db.select().from(users).where(eq(users.id, member.id))
      expect(unchanged?.email).toBe(elsewhere.email)
    })
  })

  describe('a price change from the member’s page', () => {
    it('is scheduled for the period end, e-mailed to the member in the previewed words, and in the history', async () => {
      const db = database.db
      const api = testApi()
      const browser = await signInStaff({ database, api, now, organisation: org, admin: true })
      const priceIds = [...new Set((await db.select().from(subscriptions)).map((row) => row.priceId))]
      const { member, subscription } = await memberWithMembership({
        seed: 'price-change',
        gymIndex: 1,
        priceId: priceIds[0],
        startDate: today,
      })
      const preview = await browser.post('/subscriptions/change-price-email-preview', {
        subscription_id: subscription.id,
        price_id: priceIds[1],
      })
      const previewed = (await preview.json()).data as { subject: string; text: string }
      const scheduled = await browser.post('/subscriptions/schedule-price-change', {
        subscription_id: subscription.id,
        price_id: priceIds[1],
        version: subscription.version,
      })
      expect(scheduled.status).toBe(200)
      const detail = await readData(await browser.get(`/members/${member.id}`), memberDetailSchema)
      expect(detail.membership?.price_change).toMatchObject({
        price_id: priceIds[1],
        takes_effect_on: subscription.currentPeriodEnd,
      })
      const mail = await api.latestMail(member.email)
      expect(mail.subject).toBe(previewed.subject)
      expect(mail.text).toBe(previewed.text)
      const history = await readPage(
        await browser.get(`/members/${member.id}/history`),
        memberHistoryEntrySchema,
      )
      expect(history.data[0]?.description).toMatch(
        /^Price change to \$\d+\.\d{2} scheduled for \d+ \w+ 2026; the member was e-mailed$/,
      )
    })
  })

  describe('the bulk price change', () => {
    it('lists the memberships on a price and moves the chosen ones at once, all or none', async () => {
      const db = database.db
      const api = testApi()
      const browser = await signInStaff({ database, api, now, organisation: org, admin: true })
      const { price: from } = await createTestPrice({
        db,
        organisationId: org.organisation.id,
        gymIds: org.gyms.map((gym) => gym.id),
        amount: 3300,
        now,
      })
      const { price: to } = await createTestPrice({
        db,
        organisationId: org.organisation.id,
        gymIds: org.gyms.map((gym) => gym.id),
        amount: 3600,
        now,
      })
      const people = []
      for (const [index, gymIndex] of [1, 1, 0].entries()) {
        const { member } = await memberWithMembership({
          seed: `bulk-${index}`,
          gymIndex,
          priceId: from.id,
          startDate: today,
        })
        people.push(member)
      }
      const list = await readData(
        await browser.get(`/prices/${from.id}/memberships`),
        z.array(priceMembershipSchema),
      )
      expect(list.map((entry) => entry.member.id).sort()).toEqual(people.map((person) => person.id).sort())
      expect(list.every((entry) => entry.amount === 3300 && !entry.price_change_scheduled)).toBe(true)

      // One of them changed since the list was read: nothing is scheduled.
      const stale = list.map((entry, index) => ({
        id: entry.subscription_id,
        version: index === 0 ? entry.version + 1 : entry.version,
      }))
      expect(
        await readMessage(
          await browser.post('/subscriptions/schedule-price-changes', {
            price_id: to.id,
            subscriptions: stale,
          }),
          409,
        ),
      ).toMatch(/changed meanwhile/)
      const unchanged = await readData(
        await browser.get(`/prices/${from.id}/memberships`),
        z.array(priceMembershipSchema),
      )
      expect(unchanged.some((entry) => entry.price_change_scheduled)).toBe(false)

      const answer = await readData(
        await browser.post('/subscriptions/schedule-price-changes', {
          price_id: to.id,
          subscriptions: list.map((entry) => ({ id: entry.subscription_id, version: entry.version })),
        }),
        scheduledPriceChangesSchema,
      )
      expect(answer.scheduled).toHaveLength(3)
      for (const person of people) {
        expect((await api.latestMail(person.email)).text).toContain('$36.00')
      }
      const after = await readData(
        await browser.get(`/prices/${from.id}/memberships`),
        z.array(priceMembershipSchema),
      )
      expect(after.every((entry) => entry.price_change_scheduled)).toBe(true)

      // A gym admin sees and moves only their gym's; a trainer has no part in it.
      const ponsonbyAdmin = await signIn({ gyms: [{ index: 1, role: 'admin' }] })
      const theirs = await readData(
        await ponsonbyAdmin.get(`/prices/${from.id}/memberships`),
        z.array(priceMembershipSchema),
      )
      expect(theirs).toHaveLength(2)
      const newmarket = after.find((entry) => entry.gym?.name === 'Newmarket')!
      expect(
        (
          await ponsonbyAdmin.post('/subscriptions/schedule-price-changes', {
            price_id: to.id,
            subscriptions: [{ id: newmarket.subscription_id, version: newmarket.version }],
          })
        ).status,
      ).toBe(404)
      const trainer = await signIn({ gyms: [{ index: 1, role: 'personal_trainer' }] })
      expect((await trainer.get(`/prices/${from.id}/memberships`)).status).toBe(403)
      expect(
        await readErrors(
          await browser.post('/subscriptions/schedule-price-changes', { price_id: to.id, subscriptions: [] }),
        ),
      ).toEqual({
        subscriptions: ['Choose at least one membership'],
      })
    })
  })

  describe('the bulk price change, set-based', () => {
    it('writes what one change at a time writes: memberships, history, audit words, notices, versions, payments', async () => {
      const db = database.db
      const api = testApi()
      const browser = await signInStaff({ database, api, now, organisation: org, admin: true })
      const gymIds = org.gyms.map((gym) => gym.id)
      const { price: flexi } = await createTestPrice({
        db,
        organisationId: org.organisation.id,
        gymIds,
        amount: 2100,
        now,
      })
      const { price: term } = await createTestPrice({
        db,
        organisationId: org.organisation.id,
        gymIds,
        amount: 1700,
        termAmount: 6,
        termUnit: 'month',
        now,
      })
      const { price: to } = await createTestPrice({
        db,
        organisationId: org.organisation.id,
        gymIds,
        amount: 2450,
        now,
      })
      /** Twin memberships: one for the bulk change, one for the single one, alike in everything that matters. */
      const kinds = [
        { label: 'flexi', priceId: flexi.id, startDate: addDays(today, -10), force: null },
        { label: 'term', priceId: term.id, startDate: addDays(today, -20), force: null },
        { label: 'forced', priceId: flexi.id, startDate: addDays(today, -3), force: 1500 },
        { label: 'upcoming', priceId: flexi.id, startDate: addDays(today, 6), force: null },
      ]
      const make = async (side: string, kind: (typeof kinds)[number]) => {
        const made = await memberWithMembership({
          seed: `twin-${side}-${kind.label}`,
          gymIndex: 1,
          priceId: kind.priceId,
          startDate: kind.startDate,
          createdAt: instantAt(kind.startDate < today ? kind.startDate : today),
        })
        if (kind.force !== null)
          await db
            .update(subscriptions)
            .set({ forcePriceAmount: kind.force })
            .where(eq(subscriptions.id, made.subscription.id))
        // A payment made ahead for a day still to come: both changes withdraw it.
        await db
          .update(payments)
          .set({ dueOn: addDays(today, 5), status: 'upcoming' })
          .where(eq(payments.subscriptionId, made.subscription.id))
        const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, made.subscription.id))
        return { member: made.member, subscription: row! }
      }
      await db
        .update(organisations)
        .set({ termMembershipGracePeriod: 2, termMembershipGracePeriodUnit: 'week' })
        .where(eq(organisations.id, org.organisation.id))

      for (const date of [undefined, addDays(today, 9)]) {
        const bulk = []
        const single = []
        for (const kind of kinds) {
          bulk.push(await make(`bulk-${date ?? 'end'}`, kind))
          single.push(await make(`single-${date ?? 'end'}`, kind))
        }
        const answer = await readData(
          await browser.post('/subscriptions/schedule-price-changes', {
            price_id: to.id,
            date,
            subscriptions: bulk.map(({ subscription }) => ({
              id: subscription.id,
              version: subscription.version,
            })),
          }),
          scheduledPriceChangesSchema,
        )
        // What staff preview for each single change is what the member is sent (a term membership's
        // notice names the day after its term and grace, not its period end).
        const previews = []
        for (const { subscription } of single) {
          const preview = await browser.post('/subscriptions/change-price-email-preview', {
            subscription_id: subscription.id,
            price_id: to.id,
            ...(date ? { date } : {}),
          })
          expect(preview.status).toBe(200)
          previews.push(((await preview.json()) as { data: { text: string } }).data.text)
        }
        for (const { subscription } of single) {
          const one = await browser.post('/subscriptions/schedule-price-change', {
            subscription_id: subscription.id,
            price_id: to.id,
            version: subscription.version,
            ...(date ? { date } : {}),
          })
          expect(one.status, await one.clone().text()).toBe(200)
        }
        const state = async (twin: {
          member: { id: number; name: string; email: string }
          subscription: { id: number }
        }) => {
          const [sub] = await db
            .select()
            .from(subscriptions)
            .where(eq(subscriptions.id, twin.subscription.id))
          const history = await db
            .select()
            .from(priceChangeHistory)
            .where(eq(priceChangeHistory.subscriptionId, twin.subscription.id))
          const lines = await db
            .select()
            .from(auditLog)
            .where(
              and(
                eq(auditLog.subjectId, twin.member.id),
                eq(auditLog.action, 'membership.price_change_scheduled'),
              ),
            )
          const notice = await api.latestMail(twin.member.email)
          const pays = await db
            .select({ dueOn: payments.dueOn, status: payments.status, amount: payments.amount })
            .from(payments)
            .where(eq(payments.subscriptionId, twin.subscription.id))
            .orderBy(payments.dueOn, payments.id)
          const anonymous = (text: string) => text.replaceAll(twin.member.name, 'NAME')
          return {
            membership: {
              transitionToPriceId: sub?.transitionToPriceId,
              transitionTakesEffectAt: sub?.transitionTakesEffectAt,
              transitionToDate: sub?.transitionToDate,
              version: sub?.version,
              currentPeriodStart: sub?.currentPeriodStart,
              currentPeriodEnd: sub?.currentPeriodEnd,
            },
            history: history.map((line) => ({
              fromPriceId: line.fromPriceId,
              toPriceId: line.toPriceId,
              fromAmount: line.fromAmount,
              toAmount: line.toAmount,
              takesEffectOn: line.takesEffectOn,
              scheduledByUserId: line.scheduledByUserId,
              createdAt: line.createdAt,
            })),
            audit: lines.map((line) => ({
              actor: line.actorUserId,
              description: line.changes.description,
              subscription: line.changes.subscription_id === twin.subscription.id,
            })),
            notice: { subject: notice.subject, text: anonymous(notice.text), html: anonymous(notice.html) },
            payments: pays,
          }
        }
        for (const [index, twin] of single.entries()) {
          expect((await api.latestMail(twin.member.email)).text, kinds[index]!.label).toBe(previews[index])
        }
        for (const [index, kind] of kinds.entries()) {
          const viaBulk = await state(bulk[index]!)
          const viaSingle = await state(single[index]!)
          expect(viaBulk, `${kind.label}, ${date ?? 'period end'}`).toEqual(viaSingle)
          expect(viaBulk.history).toHaveLength(1)
          expect(viaBulk.membership.version).toBe(bulk[index]!.subscription.version + 1)
          expect(answer.scheduled[index]).toEqual({
            subscription_id: bulk[index]!.subscription.id,
            email: bulk[index]!.member.email,
            takes_effect_on: viaBulk.history[0]?.takesEffectOn,
          })
        }
        if (!date) {
          // The term membership moves two weeks after its term, not at its period end: booked for that
          // day, first charged on the renewal on or after it, the day the member's page names.
          const termState = await state(bulk[1]!)
          const booked = addDays(bulk[1]!.subscription.termEndsAt!, 14)
          expect(termState.membership.transitionToDate).toBe(booked)
          const termLine = termState.history[0]
          expect(termLine!.takesEffectOn >= booked).toBe(true)
          expect(termLine!.takesEffectOn < addDays(booked, 7)).toBe(true)
          const page = (await (await browser.get(`/members/${bulk[1]!.member.id}`)).json()) as {
            data: { membership: { price_change: { takes_effect_on: string } | null } | null }
          }
          expect(page.data.membership?.price_change?.takes_effect_on).toBe(termLine?.takesEffectOn)
        }
      }
    })

    it('refuses the whole batch on a 409 or a 404 and writes nothing', async () => {
      const db = database.db
      const browser = await signIn({ admin: true })
      const gymIds = org.gyms.map((gym) => gym.id)
      const { price: from } = await createTestPrice({
        db,
        organisationId: org.organisation.id,
        gymIds,
        amount: 2200,
        now,
      })
      const { price: to } = await createTestPrice({
        db,
        organisationId: org.organisation.id,
        gymIds,
        amount: 2300,
        now,
      })
      const made = []
      for (const index of [0, 1, 2]) {
        made.push(
          (
            await memberWithMembership({
              seed: `refused-${index}`,
              gymIndex: 1,
              priceId: from.id,
              startDate: today,
            })
          ).subscription,
        )
      }
      const counts = async () => {
        const [row] = await db
          .execute<{ history: number; audit: number; mail: number; versions: number }>(sql`
          select (select count(*)::int from ${priceChangeHistory}) as history,
            (select count(*)::int from ${auditLog}) as audit,
            (select count(*)::int from ${mailOutbox}) as mail,
            (select sum(version)::int from ${subscriptions}) as versions`)
          .then((result) => result.rows)
        return row
      }
      const before = await counts()
      const entries = made.map((subscription) => ({ id: subscription.id, version: subscription.version }))
      const send = (subscriptionsToSend: Array<{ id: number; version: number }>) =>
        browser.post('/subscriptions/schedule-price-changes', {
          price_id: to.id,
          subscriptions: subscriptionsToSend,
        })

      // The last one changed meanwhile: 409, after the first two would have been written.
      expect(
        await readMessage(
          await send([...entries.slice(0, 2), { ...entries[2]!, version: entries[2]!.version + 1 }]),
          409,
        ),
      ).toBe('A membership in the list was changed meanwhile. Reload the list and try again.')
      // The same membership twice: the second would find it moved on.
      expect((await send([...entries, entries[0]!])).status).toBe(409)
      // Another organisation's membership, or one cancelled meanwhile: 404.
      const { subscription: elsewhere } = await (async () => {
        const member = await createTestMember({
          db,
          organisationId: other.organisation.id,
          gymId: other.gyms[0]!.id,
          now,
          seed: 'refused-else',
        })
        const { price } = await createTestPrice({
          db,
          organisationId: other.organisation.id,
          gymIds: [other.gyms[0]!.id],
          now,
        })
        return {
          subscription: await createSubscription({
            db,
            now,
            organisationId: other.organisation.id,
            userId: member.id,
            gymId: other.gyms[0]!.id,
            priceId: price.id,
            startDate: today,
          }),
        }
      })()
      expect(
        await readMessage(await send([...entries, { id: elsewhere.id, version: elsewhere.version }]), 404),
      ).toBe('Membership not found.')
      await db.update(subscriptions).set({ cancelledAt: now }).where(eq(subscriptions.id, made[1]!.id))
      const afterCancel = await counts()
      expect((await send(entries)).status).toBe(404)
      expect(await counts()).toEqual(afterCancel)
      expect(afterCancel?.history).toBe(before?.history)
      expect(afterCancel?.audit).toBe(before?.audit)
      expect(afterCancel?.mail).toBe(before?.mail)
    })
  })

  describe('a member’s activity', () => {
    it('counts visits per week, lists the periods and spreads what was paid over the weeks per visit', async () => {
      const db = database.db
      const browser = await signIn({ admin: true })
      const { member, subscription } = await memberWithMembership({
        seed: 'activity',
        gymIndex: 1,
        startDate: '2026-04-01',
        createdAt: instantAt('2026-04-01'),
      })
      // Today is Wednesday 20 May 2026: this week starts Monday 18 May; last week 11 May.
      const visit = (day: string, successful = true) => ({
        organisationId: org.organisation.id,
        gymId: org.gyms[1]!.id,
        userId: member.id,
        visitedAt: instantAt(day, '07:00'),
        successful,
      })
      await db
        .insert(visits)
        .values([visit('2026-05-11'), visit('2026-05-13'), visit('2026-05-14', false), visit('2026-05-18')])
      const payment = (start: string, end: string, status: string) => ({
        organisationId: org.organisation.id,
        subscriptionId: subscription.id,
        userId: member.id,
        gymId: org.gyms[1]!.id,
        amount: 1400,
        dueOn: start,
        periodStartAt: start,
        periodEndAt: end,
        status: status as 'sent',
        type: 'stripe_card' as const,
      })
      await db
        .insert(payments)
        .values([
          payment('2026-05-04', '2026-05-18', 'sent'),
          payment('2026-05-18', '2026-06-01', 'upcoming'),
        ])

      const weekly = await readData(
        await browser.get(`/members/${member.id}/weekly-visits?weeks=4`),
        weeklyVisitsSchema,
      )
      expect(weekly).toEqual([
        { starts_on: '2026-04-27', ends_on: '2026-05-03', visits: 0 },
        { starts_on: '2026-05-04', ends_on: '2026-05-10', visits: 0 },
        { starts_on: '2026-05-11', ends_on: '2026-05-17', visits: 2 },
        { starts_on: '2026-05-18', ends_on: '2026-05-24', visits: 1 },
      ])
      const periods = await readData(
        await browser.get(`/members/${member.id}/subscription-periods?weeks=4`),
        subscriptionPeriodsSchema,
      )
      expect(
        periods.map((period) => [period.starts_on, period.ends_on, period.amount, period.status_kind]),
      ).toEqual([
        ['2026-05-04', '2026-05-18', 1400, 'success'],
        ['2026-05-18', '2026-06-01', 1400, 'upcoming'],
      ])
      // $14.00 for 14 days: $7.00 a week; two visits the week of 11 May make $3.50 each.
      const cost = await readData(
        await browser.get(`/members/${member.id}/weekly-cost-per-visit?weeks=4`),
        weeklyCostPerVisitSchema,
      )
      expect(cost.map((week) => [week.starts_on, week.cost, week.visits, week.cost_per_visit])).toEqual([
        ['2026-04-27', 0, 0, null],
        ['2026-05-04', 700, 0, null],
        ['2026-05-11', 700, 2, 350],
        ['2026-05-18', 0, 1, 0],
      ])
      const trainer = await signIn({ gyms: [{ index: 1, role: 'personal_trainer' }] })
      expect((await trainer.get(`/members/${member.id}/weekly-cost-per-visit`)).status).toBe(403)
      const theirPeriods = await readData(
        await trainer.get(`/members/${member.id}/subscription-periods?weeks=4`),
        subscriptionPeriodsSchema,
      )
      expect(theirPeriods.every((period) => period.amount === null)).toBe(true)
      expect(
        await readErrors(await browser.get(`/members/${member.id}/weekly-visits?weeks=500`)),
      ).toHaveProperty('weeks')
    })
  })

  describe('POST /members/export', () => {
    it('downloads exactly the filtered list as CSV, formulas neutralised, and records who took it', async () => {
      const browser = await signIn({ admin: true })
      const db = database.db
      const vip = made.find((member) => member.tags.includes('VIP'))!
      await db
        .update(users)
        .set({ name: '=HYPERLINK("http://evil.example","Click")' })
        .where(eq(users.id, vip.id))
      const filtered = await listAll(browser, '&tag=VIP&sort=-joined')

      const response = await browser.post('/members/export', { tag: 'VIP', sort: '-joined' })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('text/csv')
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="members-all-gyms-${today}.csv"`,
      )
      const text = await response.text()
      const lines = text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\n')
      expect(lines[0]).toBe(
        'Name,Email,Mobile,Date of birth,Date of birth (ISO),Address,Suburb,City,Post code,Gym,Offering,Price,Billing frequency,State,Card colour,Balance owing,Last visit,Last visit (ISO),Joined,Joined (ISO),Tags',
      )
      expect(lines).toHaveLength(filtered.total + 1)
      for (const [index, row] of filtered.rows.entries()) expect(lines[index + 1]).toContain(row.email)
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`)
      expect(text).not.toMatch(/\n=HYPERLINK/)

      const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'members.exported'))
      expect(audit).toMatchObject({ organisationId: org.organisation.id, subjectType: 'members' })
      expect(audit?.changes).toEqual({ filters: { tag: 'VIP', sort: '-joined' } })
    })

    it("reads an export in batches, by cursor (PostgreSQL) and by offset (embedded), in the list's order, every member once, in every sort", async () => {
      const browser = await signIn({ admin: true })
      for (const sort of memberSorts) {
        const listed = await listAll(browser, `&sort=${sort}`)
        expect(listed.total, sort).toBeGreaterThan(40)
        // The cursor needs a transaction; the embedded database reads by offset (no snapshot) in the server.
        for (const snapshot of [true, false]) {
          const batches: MemberListRow[][] = []
          await forEachMemberBatch(
            {
              db: database.db,
              organisationId: org.organisation.id,
              scope: { gymIds: org.gyms.map((gym) => gym.id), wholeOrganisation: true },
              filters: { sort },
              now,
              batchSize: 7,
              snapshot,
            },
            async (rows) => {
              batches.push(rows)
            },
          )
          const label = `${sort}, snapshot ${snapshot}`
          // Many batches, each full but the last, and together exactly the list's rows in its order.
          expect(batches.length, label).toBe(Math.ceil(listed.total / 7))
          expect(
            batches.slice(0, -1).every((rows) => rows.length === 7),
            label,
          ).toBe(true)
          const rows = batches.flat()
          expect(
            rows.map((row) => row.id),
            label,
          ).toEqual(listed.rows.map((row) => row.id))
          expect(
            rows.map((row) => [row.name, row.email, row.gym?.name ?? null]),
            label,
          ).toEqual(listed.rows.map((row) => [row.name, row.email, row.gym?.name ?? null]))
        }
      }
    })

    /** The file as records keyed by its header, read with a real CSV reader (quotes, commas in cells). */
    const readCsv = async (response: Response) =>
      parse((await response.text()).replace(/^\uFEFF/, ''), { columns: true }) as Array<
        Record<string, string>
      >

    it('gives the date of birth and address the member’s page shows, to an admin and to a trainer alike', async () => {
      const db = database.db
      const withDetails = made.find((member) => member.gymIndex === 0)!
      const without = made.find((member) => member.gymIndex === 0 && member.id !== withDetails.id)!
      await db
        .update(users)
        .set({
          dob: '1988-02-29',
          address: '12 Ponsonby Road, Flat 3',
          suburb: 'Ponsonby',
          city: 'Auckland',
          postCode: '1011',
        })
        .where(eq(users.id, withDetails.id))
      await db
        .update(users)
        .set({ dob: null, address: null, suburb: null, city: null, postCode: null })
        .where(eq(users.id, without.id))

      const admin = await signIn({ admin: true })
      const trainer = await signIn({ gyms: [{ index: 0, role: 'personal_trainer' }] })
      for (const [who, browser] of [
        ['admin', admin],
        ['trainer', trainer],
      ] as const) {
        // What the member's page shows this caller is what the file gives them.
        const page = await readData(await browser.get(`/members/${withDetails.id}`), memberDetailSchema)
        const records = await readCsv(await browser.post('/members/export', {}))
        const row = records.find((record) => record.Email === page.email)
        expect(row, who).toBeDefined()
        if (page.dob === null) {
          expect(Object.keys(row ?? {}), who).not.toContain('Date of birth')
          expect(Object.keys(row ?? {}), who).not.toContain('Address')
          continue
        }
        expect(page.dob, who).toBe('1988-02-29')
        expect(row, who).toMatchObject({
          'Date of birth': '29 Feb 1988',
          'Date of birth (ISO)': '1988-02-29',
          Address: '12 Ponsonby Road, Flat 3',
          Suburb: 'Ponsonby',
          City: 'Auckland',
          'Post code': '1011',
        })
        expect(page.address).toEqual({
          address: '12 Ponsonby Road, Flat 3',
          suburb: 'Ponsonby',
          city: 'Auckland',
          post_code: '1011',
        })
        const blankPage = await readData(await browser.get(`/members/${without.id}`), memberDetailSchema)
        const blank = records.find((record) => record.Email === blankPage.email)
        expect(blank, who).toMatchObject({
          'Date of birth': '',
          'Date of birth (ISO)': '',
          Address: '',
          Suburb: '',
          City: '',
          'Post code': '',
        })
      }
    })

    it('leaves money out of a trainer’s file, and refuses another organisation’s gym', async () => {
      const trainer = await signIn({ gyms: [{ index: 0, role: 'personal_trainer' }] })
      const text = await (await trainer.post('/members/export', {})).text()
      expect(text.split('\n')[0]).not.toContain('Balance owing')
      expect(text.split('\n')[0]).not.toContain('Price')
      expect(
        text
          .replace(/^\uFEFF/, '')
          .trimEnd()
          .split('\n'),
      ).toHaveLength((await listAll(trainer)).total + 1)
      expect((await trainer.post('/members/export', { gym_id: other.gyms[0]!.id })).status).toBe(404)
    })
  })
})

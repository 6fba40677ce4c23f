import { sql } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { accountCostsSchema } from '~/contracts/account-costs'
import { activeSubscriptionSchema } from '~/contracts/join-payment'
import { memberDetailSchema, weeklyCostPerVisitSchema, weeklyVisitsSchema } from '~/contracts/members'
import { visits } from '~/db/schema'
import { addDays, instantAt, mondayOf } from '~/server/billing/calendar'
import { runBillingDay } from '~/server/billing/simulation/run-billing-day.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { cancelSubscription } from '~/server/services/subscriptions/cancel-subscription.server'
import { schedulePriceChange } from '~/server/services/subscriptions/manage-subscription.server'
import { pauseSubscription } from '~/server/services/subscriptions/pause-subscription.server'
import type { TestOrganisation } from '../../factories/organisation-factory'
import { readData, readMessage } from '../support/answers'
import { createTestApi } from '../support/api'
import { monthlyPricesWithOwner } from '../support/billing'
import { describeEachDatabase } from '../support/database'
import { joinedCardMembership } from '../support/join'
import type { TestBrowser } from '../support/sign-in'

/**
 * `GET /api/me/account/costs` (issue 28 point 2): the member's own costs — the next twelve months as the
 * engine charges them (its first charge the next charge the welcome page and the console show), the
 * pause and price change where they fall, the year's payments, and the weeks' visits and cost per visit
 * as the console's member page reads them. Only the signed-in member's own; staff and strangers refused.
 */
describeEachDatabase('the member’s costs', (database) => {
  const start = '2026-11-28'
  const clock = instantAt(start, '10:00')
  const testApi = createTestApi(database, { now: () => clock })
  let org: TestOrganisation
  let staff: TestBrowser
  let monthly: number
  let cheaper: number

  beforeAll(async () => {
    const made = await monthlyPricesWithOwner({
      database,
      api: testApi,
      clock,
      otherAmount: 5200,
      organisation: { name: 'Costs Told Gym', cardSurchargeBasisPoints: 250 },
    })
    org = made.org
    monthly = made.monthly
    cheaper = made.other
    staff = made.staff
  })

  const member = (name: string, index: number) =>
    joinedCardMembership(testApi, {
      db: database.db,
      organisation: org,
      priceId: monthly,
      startDate: start,
      now: clock,
      member: {
        gymUuid: org.gyms[0]!.uuid,
        name,
        email: `costs-${index}-${process.pid}@members.test`,
        ip: `203.0.113.${120 + index}`,
        mobile: `021 555 01${20 + index}`,
      },
    })

  it('shows the member their own year ahead, as the engine then charges it', {
    timeout: 300_000,
  }, async () => {
    const db = database.db
    const organisationId = org.organisation.id
    const mere = await member('Mere Costs', 1)
    const tama = await member('Tama Leaving', 2)
    await schedulePriceChange({
      db,
      now: clock,
      subscription: mere.subscription,
      priceId: cheaper,
      date: '2027-01-28',
      scheduledByUserId: mere.me.id,
    })
    await pauseSubscription({
      db,
      now: clock,
      organisationId,
      subscriptionId: mere.subscription.id,
      startDate: '2027-03-01',
      endDate: '2027-03-14',
    })
    await cancelSubscription({ db, now: clock, organisationId, subscriptionId: tama.subscription.id })
    // Visits: three this week, two a fortnight ago, one refused (not counted).
    await db.insert(visits).values([
      ...['2026-11-23', '2026-11-25', '2026-11-27'].map((day) => ({
        organisationId,
        gymId: org.gyms[0]!.id,
        userId: mere.me.id,
        visitedAt: instantAt(day, '07:30'),
      })),
      ...['2026-11-10', '2026-11-12'].map((day) => ({
        organisationId,
        gymId: org.gyms[0]!.id,
        userId: mere.me.id,
        visitedAt: instantAt(day, '18:00'),
      })),
      {
        organisationId,
        gymId: org.gyms[0]!.id,
        userId: mere.me.id,
        visitedAt: instantAt('2026-11-26', '07:30'),
        successful: false,
      },
    ])

    const costs = await readData(await mere.browser.get('/me/account/costs'), accountCostsSchema)
    expect(costs.membership).toMatchObject({ id: mere.subscription.id, ends_on: null })
    expect(costs.from).toBe(start)
    expect(costs.months).toHaveLength(12)
    expect(costs.months[0]).toBe('2026-11-01')
    expect(costs.until).toBe('2027-10-31')
    expect(costs.no_charges_reason).toBeNull()

    // The first charge is the next charge the welcome page and the console's member page name.
    const welcome = await readData(
      await mere.browser.get('/me/active-subscription'),
      activeSubscriptionSchema.nullable(),
    )
    const staffSees = await readData(await staff.get(`/members/${mere.me.id}`), memberDetailSchema)
    expect(costs.charges[0]).toEqual(welcome?.next_charge)
    expect(costs.charges[0]).toEqual(staffSees.membership?.next_charge)
    expect(costs.charges[0]).toEqual({
      on: '2026-12-28',
      amount: 7900,
      surcharge: 198,
      total: 8098,
      kind: 'renewal',
      new_price: false,
    })
    // The price change where it falls, at the new price with the card surcharge; the pause.
    expect(costs.charges[1]).toMatchObject({ on: '2027-01-28', total: 5330, new_price: true })
    expect(costs.markers).toEqual([
      { kind: 'price_change', on: '2027-01-28', amount: 5200, surcharge: 130, total: 5330 },
      { kind: 'pause', on: '2027-03-01', until: '2027-03-14' },
    ])
    // A monthly membership: one charge a month through October (the pause moves March's on).
    expect(costs.charges.every((charge) => charge.on > start && charge.on <= costs.until)).toBe(true)
    expect(costs.charges.length).toBeGreaterThanOrEqual(10)

    // This year: the first payment, taken today (card surcharge included).
    expect(costs.paid_this_year).toEqual({ year: 2026, total: 8098, payments: 1 })

    // The weeks as the console's member page shows them: same visits, same cost per visit.
    const consoleWeeks = await readData(
      await staff.get(`/members/${mere.me.id}/weekly-cost-per-visit?weeks=12`),
      weeklyCostPerVisitSchema,
    )
    const consoleVisits = await readData(
      await staff.get(`/members/${mere.me.id}/weekly-visits?weeks=12`),
      weeklyVisitsSchema,
    )
    expect(costs.weeks).toEqual(consoleWeeks)
    expect(costs.weeks.map((week) => week.visits)).toEqual(consoleVisits.map((week) => week.visits))
    expect(costs.weeks.at(-1)).toMatchObject({ starts_on: '2026-11-23', visits: 3 })
    expect(costs.cost_per_visit.visits).toBe(5)
    const weeksCost = consoleWeeks.reduce((sum, week) => sum + week.cost, 0)
    expect(costs.cost_per_visit).toEqual({
      cost: weeksCost,
      visits: 5,
      per_visit: Math.round(weeksCost / 5),
    })
    expect(weeksCost).toBeGreaterThan(0)
    // So far: every week since the membership began, the console's same sum over those weeks.
    const sinceWeeks = await readData(
      await staff.get(`/members/${mere.me.id}/weekly-cost-per-visit?weeks=52`),
      weeklyCostPerVisitSchema,
    )
    const started = sinceWeeks.filter((week) => week.starts_on >= mondayOf(start))
    const soFarCost = started.reduce((sum, week) => sum + week.cost, 0)
    const soFarVisits = started.reduce((sum, week) => sum + week.visits, 0)
    expect(costs.since_joining).toEqual({
      since: start,
      cost: soFarCost,
      visits: soFarVisits,
      per_visit: soFarVisits > 0 ? Math.round(soFarCost / soFarVisits) : null,
    })

    // Another member sees their own: cancelled at the period end, nothing ahead, and why.
    const leaving = await readData(await tama.browser.get('/me/account/costs'), accountCostsSchema)
    expect(leaving.membership).toMatchObject({ id: tama.subscription.id, ends_on: '2026-12-28' })
    expect(leaving.charges).toEqual([])
    expect(leaving.no_charges_reason).toBe('ending')
    expect(leaving.markers).toEqual([{ kind: 'membership_end', on: '2026-12-28', reason: 'cancelled' }])
    expect(leaving.weeks.every((week) => week.visits === 0)).toBe(true)
    expect(leaving.cost_per_visit.per_visit).toBeNull()

    // The engine, day by day to the end of March: it charges exactly the days and totals projected.
    const until = '2027-03-31'
    const charged: Array<{ on: string; total: number }> = []
    for (let day = addDays(start, 1); day <= until; day = addDays(day, 1)) {
      await runBillingDay({ db, providers: createSandboxProviders({ db }), day })
      const rows = await db.execute<{ total: number }>(sql`
        select sum(p.amount + p.surcharge - p.credit_used)::int as total
        from payment_attempts a join payments p on p.id = a.payment_id
        where p.subscription_id = ${mere.subscription.id}
          and a.started_at = ${instantAt(day, '06:00').toISOString()}::timestamptz`)
      const total = rows.rows[0]?.total
      if (total !== null && total !== undefined) charged.push({ on: day, total: Number(total) })
    }
    expect(charged).toEqual(
      costs.charges
        .filter((charge) => charge.on <= until)
        .map((charge) => ({ on: charge.on, total: charge.total })),
    )
    expect(charged.map((charge) => charge.on)).toEqual(['2026-12-28', '2027-01-28', '2027-02-28'])
    // The pause of 1–14 March moves the renewal after it by its fourteen days.
    expect(costs.charges[3]?.on).toBe('2027-04-11')
  })

  it('is the member’s own: staff and visitors without a session are refused', async () => {
    const refused = await staff.get('/me/account/costs')
    expect(refused.status).toBe(403)
    expect(await readMessage(refused)).not.toBe('')
    const stranger = testApi.browser({ ip: '203.0.113.199' })
    const unsigned = await stranger.get('/me/account/costs')
    expect(unsigned.status).toBe(401)
  })
})

import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { activeSubscriptionSchema } from '~/contracts/join-payment'
import { memberDetailSchema } from '~/contracts/members'
import { subscriptions } from '~/db/schema'
import { addDays, instantAt } from '~/server/billing/calendar'
import { runBillingDay } from '~/server/billing/simulation/run-billing-day.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { schedulePriceChange } from '~/server/services/subscriptions/manage-subscription.server'
import type { TestOrganisation } from '../../factories/organisation-factory'
import { readData } from '../support/answers'
import { createTestApi } from '../support/api'
import { monthlyPricesWithOwner } from '../support/billing'
import { describeEachDatabase } from '../support/database'
import { joinedCardMembership } from '../support/join'
import type { TestBrowser } from '../support/sign-in'

/**
 * Issue 25 point 1: the member's page (staff) and the member's own welcome answer give one next charge,
 * and it is what the engine then charges: a change to $52.00 booked for the renewal of a card member
 * is $53.30 on that day (2.5% surcharge), not "$79.00 (at renewal)" nor $80.98.
 */
describeEachDatabase('the next charge in the API', (database) => {
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
      organisation: { name: 'Told Truly Gym', cardSurchargeBasisPoints: 250 },
    })
    org = made.org
    monthly = made.monthly
    cheaper = made.other
    staff = made.staff
  })

  it('staff and the member read the same next charge, and the engine charges it on that day', async () => {
    const db = database.db
    const {
      browser: member,
      me,
      subscription,
    } = await joinedCardMembership(testApi, {
      db,
      organisation: org,
      priceId: monthly,
      startDate: start,
      now: clock,
      member: {
        gymUuid: org.gyms[0]!.uuid,
        name: 'Mere Truly',
        email: `told-truly-${process.pid}@members.test`,
        ip: '203.0.113.77',
        mobile: '021 555 0101',
      },
    })

    const staffSees = async () =>
      (await readData(await staff.get(`/members/${me.id}`), memberDetailSchema)).membership?.next_charge
    const memberSees = async () =>
      (await readData(await member.get('/me/active-subscription'), activeSubscriptionSchema.nullable()))
        ?.next_charge
    expect(await staffSees()).toEqual({
      on: '2026-12-28',
      amount: 7900,
      surcharge: 198,
      total: 8098,
      kind: 'renewal',
      new_price: false,
    })
    expect(await memberSees()).toEqual(await staffSees())

    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
    await schedulePriceChange({
      db,
      now: clock,
      subscription: row!,
      priceId: cheaper,
      date: '2026-12-28',
      scheduledByUserId: me.id,
    })
    const told = {
      on: '2026-12-28',
      amount: 5200,
      surcharge: 130,
      total: 5330,
      kind: 'renewal',
      new_price: true,
    }
    expect(await staffSees()).toEqual(told)
    expect(await memberSees()).toEqual(told)
    const detail = await readData(await staff.get(`/members/${me.id}`), memberDetailSchema)
    expect(detail.membership?.price_change).toMatchObject({
      price_id: cheaper,
      takes_effect_on: '2026-12-28',
    })

    // The engine, day by day: nothing before 28 Dec, then exactly what both were told.
    for (let day = addDays(start, 1); day <= '2026-12-28'; day = addDays(day, 1)) {
      await runBillingDay({ db, providers: createSandboxProviders({ db }), day })
      const charged = await db.execute<{ total: number }>(sql`
        select sum(p.amount + p.surcharge - p.credit_used)::int as total
        from payment_attempts a join payments p on p.id = a.payment_id
        where p.subscription_id = ${subscription.id} and a.started_at = ${instantAt(day, '06:00').toISOString()}::timestamptz`)
      const total = charged.rows[0]?.total ?? null
      expect({ day, total: total === null ? null : Number(total) }).toEqual({
        day,
        total: day === told.on ? told.total : null,
      })
    }
    const [after] = await db
      .select({ priceId: subscriptions.priceId, transition: subscriptions.transitionToPriceId })
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscription.id)))
    expect(after).toEqual({ priceId: cheaper, transition: null })
  })
})

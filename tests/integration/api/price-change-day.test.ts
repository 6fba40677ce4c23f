import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { memberDetailSchema, priceChangesPreviewSchema } from '~/contracts/members'
import { emailPreviewSchema, priceChangeHistoryEntrySchema } from '~/contracts/subscriptions'
import { auditLog, organisations, subscriptions } from '~/db/schema'
import { z } from '~/lib/validation'
import { addDays, instantAt } from '~/server/billing/calendar'
import { runBillingDay } from '~/server/billing/simulation/run-billing-day.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import type { TestOrganisation } from '../../factories/organisation-factory'
import { readData, readErrors } from '../support/answers'
import { createTestApi } from '../support/api'
import { monthlyPricesWithOwner } from '../support/billing'
import { describeEachDatabase } from '../support/database'
import { joinedCardMembership } from '../support/join'
import type { TestBrowser } from '../support/sign-in'

/**
 * Issue 25: a price change booked for a day inside a period is first charged on the renewal on or after
 * it, and every place names that one day: the e-mail and its preview, the bulk preview, the history
 * line, the audit line, the member's page (price change and next charge), the notice before a rise,
 * and the engine, which charges the new price from that day and not before.
 */
describeEachDatabase('the day a price change takes effect', (database) => {
  const start = '2026-11-28'
  const clock = instantAt(start, '10:00')
  const testApi = createTestApi(database, { now: () => clock })
  let org: TestOrganisation
  let staff: TestBrowser
  let monthly: number
  let dearer: number

  beforeAll(async () => {
    const made = await monthlyPricesWithOwner({
      database,
      api: testApi,
      clock,
      otherAmount: 9900,
      organisation: { name: 'One Day Gym' },
    })
    org = made.org
    monthly = made.monthly
    dearer = made.other
    staff = made.staff
    // 45 days' notice from 28 Nov: the earliest day a rise may first be charged is 12 Jan 2027.
    await database.db
      .update(organisations)
      .set({ priceRiseNoticeDays: 45 })
      .where(eq(organisations.id, org.organisation.id))
  })

  it('names the renewal the new price is first charged on everywhere, and the engine charges it then', async () => {
    const db = database.db
    const email = `one-day-${process.pid}@members.test`
    const { me, subscription } = await joinedCardMembership(testApi, {
      db,
      organisation: org,
      priceId: monthly,
      startDate: start,
      now: clock,
      member: {
        gymUuid: org.gyms[0]!.uuid,
        name: 'Aroha Oneday',
        email,
        ip: '203.0.113.78',
        mobile: '021 555 0102',
      },
    })
    const versionOf = async () =>
      (await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id)))[0]!.version

    // Booked for 27 Dec the rise is first charged on the 28 Dec renewal: too soon for 45 days' notice.
    const tooSoon = { subscription_id: subscription.id, price_id: dearer, date: '2026-12-27' }
    const words = "Price rises need 45 days' notice: the earliest day is 12 Jan 2027"
    expect(await readErrors(await staff.post('/subscriptions/change-price-email-preview', tooSoon))).toEqual({
      date: [words],
    })

    // Booked for 29 Dec (mid-period, before the earliest day) it is first charged on 28 Jan: allowed.
    const change = { subscription_id: subscription.id, price_id: dearer, date: '2026-12-29' }
    const day = '2027-01-28'
    const preview = await readData(
      await staff.post('/subscriptions/change-price-email-preview', change),
      emailPreviewSchema,
    )
    expect(preview.takes_effect_on).toBe(day)
    expect(preview.text).toContain('From 28 Jan 2027 your One Day Gym membership will cost $99.00')
    expect(preview.text).not.toContain('29 Dec')

    const bulk = await readData(
      await staff.post('/subscriptions/price-changes-preview', {
        price_id: dearer,
        date: change.date,
        subscriptions: [{ id: subscription.id, version: await versionOf() }],
      }),
      priceChangesPreviewSchema,
    )
    expect(bulk.changes).toEqual([
      expect.objectContaining({ kind: 'rise', takes_effect_on: day, refused: null }),
    ])

    const scheduled = await staff.post('/subscriptions/schedule-price-change', {
      ...change,
      version: await versionOf(),
    })
    expect(scheduled.status, await scheduled.clone().text()).toBe(200)

    // The e-mail sent is the one previewed.
    expect((await testApi.latestMail(email)).text).toBe(preview.text)
    // The history line and the audit line name the same day.
    const history = await readData(
      await staff.get(`/users/${me.id}/price-change-history`),
      z.array(priceChangeHistoryEntrySchema),
    )
    expect(history.map((line) => line.takes_effect_on)).toEqual([day])
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, me.id), eq(auditLog.action, 'membership.price_change_scheduled')))
    expect(audit.map((line) => line.changes.description)).toEqual([
      'Price change to $99.00 scheduled for 28 Jan 2027; the member was e-mailed',
    ])
    // The member's page: the change from that day, and the next charge (28 Dec) still at the old price.
    const detail = await readData(await staff.get(`/members/${me.id}`), memberDetailSchema)
    expect(detail.membership?.price_change).toMatchObject({ price_id: dearer, takes_effect_on: day })
    expect(detail.membership?.next_charge).toMatchObject({ on: '2026-12-28', amount: 7900, new_price: false })
    // The day is kept as booked on the membership; only the day it is first charged is what people read.
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
    expect(row?.transitionToDate).toBe(change.date)

    // The engine, day by day: 28 Dec at the old price, then the new price first on 28 Jan.
    const charged: Array<{ day: string; amount: number }> = []
    for (let on = addDays(start, 1); on <= day; on = addDays(on, 1)) {
      await runBillingDay({ db, providers: createSandboxProviders({ db }), day: on })
      const taken = await db.execute<{ amount: number | null }>(sql`
        select sum(p.amount)::int as amount
        from payment_attempts a join payments p on p.id = a.payment_id
        where p.subscription_id = ${subscription.id} and a.started_at = ${instantAt(on, '06:00').toISOString()}::timestamptz`)
      const amount = taken.rows[0]?.amount
      if (amount !== null && amount !== undefined) charged.push({ day: on, amount: Number(amount) })
    }
    expect(charged).toEqual([
      { day: '2026-12-28', amount: 7900 },
      { day, amount: 9900 },
    ])
    const [after] = await db
      .select({ priceId: subscriptions.priceId, transition: subscriptions.transitionToPriceId })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id))
    expect(after).toEqual({ priceId: dearer, transition: null })
  })
})

import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Db } from '~/db/client.server'
import { organisations, subscriptions } from '~/db/schema'
import { addDays, type CalendarDateString, instantAt } from '~/server/billing/calendar'
import { findChargeProjection } from '~/server/billing/charge-projection.server'
import { findNextCharge } from '~/server/billing/next-charge.server'
import { runBillingDay } from '~/server/billing/simulation/run-billing-day.server'
import { sandboxBankAccountReference } from '~/server/providers/payments/bank-sandbox.server'
import { sandboxCardReference } from '~/server/providers/payments/card-sandbox.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { addPaymentMethod } from '~/server/services/payment-methods/add-payment-method.server'
import { cancelSubscription } from '~/server/services/subscriptions/cancel-subscription.server'
import { createMembership } from '~/server/services/subscriptions/create-membership.server'
import { findOrganisationSubscription } from '~/server/services/subscriptions/find-organisation-subscription.server'
import { schedulePriceChange } from '~/server/services/subscriptions/manage-subscription.server'
import { pauseSubscription } from '~/server/services/subscriptions/pause-subscription.server'
import { createTestMember, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation } from '../../factories/organisation-factory'
import { createTestDatabase, type TestDatabase } from '../support/database'

/**
 * The member's costs calendar (issue 28 point 2) is what the engine then charges: memberships with a
 * pause, a scheduled price change (to a dearer price on a day, to a price of another frequency at the
 * period end), a cancellation at the period end, card (2.5% surcharge) and bank, are projected at noon
 * the day before the engine's first run, and again half way; the real schedule and charge steps then run
 * day by day, and each membership's charges (day and total) must be exactly the projection's, and its
 * first charge what `findNextCharge` (every screen's next charge) names.
 */

const day0 = '2027-03-01'
const days = 110

type Member = { name: string; subscriptionId: number }

let database: TestDatabase
let db: Db
const members: Member[] = []

/** Cents each membership was charged at a morning's run: the attempts the run started. */
async function chargedAt(morning: Date): Promise<Map<number, number>> {
  const rows = await db.execute<{ subscription_id: number; total: number }>(sql`
    select p.subscription_id, sum(p.amount + p.surcharge - p.credit_used)::int as total
    from payment_attempts a join payments p on p.id = a.payment_id
    where a.started_at = ${morning.toISOString()}::timestamptz
    group by p.subscription_id`)
  return new Map(rows.rows.map((row) => [Number(row.subscription_id), Number(row.total)]))
}

async function project(now: Date, until: CalendarDateString) {
  const projections = new Map<number, Array<{ on: string; total: number }>>()
  for (const member of members) {
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, member.subscriptionId))
    const projection = await findChargeProjection({ db, subscription: subscription!, now, until })
    const next = await findNextCharge({ db, subscriptionId: member.subscriptionId, now })
    // The calendar's first charge is the next charge every screen and e-mail names.
    expect(projection.charges[0] ?? null, member.name).toEqual(next)
    projections.set(
      member.subscriptionId,
      projection.charges.map((charge) => ({ on: charge.on, total: charge.total })),
    )
  }
  return projections
}

beforeAll(async () => {
  database = await createTestDatabase({ kind: 'pglite' })
  db = database.db
  const setUpAt = instantAt(addDays(day0, -60), '10:00')
  const org = await createTestOrganisation({ db, name: 'Projection Gym', now: setUpAt })
  const organisationId = org.organisation.id
  const gymId = org.gyms[0]!.id
  await db.update(organisations).set({ cardSurchargeBasisPoints: 250, cardSurchargeFixed: 0 })
  const price = async (billingFrequency: 'weekly' | 'fortnightly' | 'monthly', amount: number) =>
    (await createTestPrice({ db, organisationId, gymIds: [gymId], billingFrequency, amount, now: setUpAt }))
      .price.id
  const monthly = await price('monthly', 7900)
  const monthlyDearer = await price('monthly', 8900)
  const weekly = await price('weekly', 2500)
  const fortnightly = await price('fortnightly', 4800)

  const createdAt = instantAt(addDays(day0, -1), '10:00')
  const join = async (options: {
    name: string
    priceId: number
    method: 'card' | 'bank'
    startDate: CalendarDateString
  }) => {
    const member = await createTestMember({ db, organisationId, gymId, now: createdAt })
    if (options.method === 'bank') {
      const number = '12-3140-0171323-00'
      await addPaymentMethod({
        db,
        now: createdAt,
        organisationId,
        userId: member.id,
        method: {
          type: 'bank_account',
          bankAccountNumber: number,
          name: 'Everyday',
          providerReference: sandboxBankAccountReference(number),
        },
      })
    } else {
      await addPaymentMethod({
        db,
        now: createdAt,
        organisationId,
        userId: member.id,
        method: {
          type: 'stripe_card',
          gymId,
          brand: 'visa',
          lastFour: '4242',
          expMonth: 12,
          expYear: 2031,
          providerReference: sandboxCardReference('4242'),
        },
      })
    }
    const subscription = await createMembership({
      db,
      now: createdAt,
      organisationId,
      userId: member.id,
      priceId: options.priceId,
      gymId,
      startDate: options.startDate,
    })
    members.push({ name: options.name, subscriptionId: subscription.id })
    return { userId: member.id, subscriptionId: subscription.id }
  }
  const readRow = (subscriptionId: number) =>
    findOrganisationSubscription({ db, organisationId, subscriptionId })

  // A card member whose price rises on a day inside a period (first charged on the renewal after it),
  // with a three-week pause later on.
  const rising = await join({
    name: 'rising card',
    priceId: monthly,
    method: 'card',
    startDate: addDays(day0, -20),
  })
  await schedulePriceChange({
    db,
    now: createdAt,
    subscription: await readRow(rising.subscriptionId),
    priceId: monthlyDearer,
    date: addDays(day0, 25),
    scheduledByUserId: rising.userId,
  })
  await pauseSubscription({
    db,
    now: createdAt,
    organisationId,
    subscriptionId: rising.subscriptionId,
    startDate: addDays(day0, 50),
    endDate: addDays(day0, 70),
  })

  // A weekly bank member paused for ten days.
  const paused = await join({
    name: 'paused bank',
    priceId: weekly,
    method: 'bank',
    startDate: addDays(day0, -3),
  })
  await pauseSubscription({
    db,
    now: createdAt,
    organisationId,
    subscriptionId: paused.subscriptionId,
    startDate: addDays(day0, 12),
    endDate: addDays(day0, 21),
  })

  // A fortnightly card member moving to a monthly price at the period end.
  const moving = await join({
    name: 'fortnightly to monthly',
    priceId: fortnightly,
    method: 'card',
    startDate: addDays(day0, 4),
  })
  await schedulePriceChange({
    db,
    now: createdAt,
    subscription: await readRow(moving.subscriptionId),
    priceId: monthly,
    date: null,
    scheduledByUserId: moving.userId,
  })

  // A monthly bank member who cancels at the period end: charges stop at the membership's end.
  const leaving = await join({
    name: 'leaving bank',
    priceId: monthly,
    method: 'bank',
    startDate: addDays(day0, -40),
  })
  await cancelSubscription({ db, now: createdAt, organisationId, subscriptionId: leaving.subscriptionId })

  // A plain weekly card member, to the end.
  await join({ name: 'plain weekly card', priceId: weekly, method: 'card', startDate: addDays(day0, 2) })
}, 120_000)

afterAll(async () => {
  await database?.destroy()
})

it('charges exactly the projected days and amounts, and the first is the next charge', {
  timeout: 600_000,
}, async () => {
  const lastDay = addDays(day0, days - 1)
  const halfWay = 45
  const first = await project(instantAt(addDays(day0, -1), '12:00'), lastDay)
  let second: Map<number, Array<{ on: string; total: number }>> | null = null
  const charged = new Map<number, Array<{ on: string; total: number }>>()
  const providers = createSandboxProviders({ db })
  for (let offset = 0; offset < days; offset += 1) {
    const day = addDays(day0, offset)
    await runBillingDay({ db, providers, day })
    for (const [subscriptionId, total] of await chargedAt(instantAt(day, '06:00'))) {
      charged.set(subscriptionId, [...(charged.get(subscriptionId) ?? []), { on: day, total }])
    }
    if (offset === halfWay) second = await project(instantAt(day, '12:00'), lastDay)
  }
  let compared = 0
  for (const member of members) {
    const actual = charged.get(member.subscriptionId) ?? []
    expect({ member: member.name, charges: actual }).toEqual({
      member: member.name,
      charges: first.get(member.subscriptionId),
    })
    const halfDay = addDays(day0, halfWay)
    expect({ member: member.name, charges: actual.filter((charge) => charge.on > halfDay) }).toEqual({
      member: member.name,
      charges: second?.get(member.subscriptionId),
    })
    compared += actual.length
  }
  // The comparison held over real charges: the price rise, the pause and the end among them.
  expect(compared).toBeGreaterThanOrEqual(35)
  const rising = first.get(members[0]!.subscriptionId) ?? []
  expect(rising.map((charge) => charge.total)).toContain(Math.round(8900 * 1.025))
  // The member moving to a monthly price before their start pays the first fortnight at the old price
  // on the start day, then the monthly price from the first renewal (each with the 2.5% card
  // surcharge: $48.00 + $1.20, $79.00 + $1.98).
  const moving = first.get(members[2]!.subscriptionId) ?? []
  expect(moving.slice(0, 2)).toEqual([
    { on: addDays(day0, 4), total: 4920 },
    { on: addDays(day0, 18), total: 8098 },
  ])
  const leaving = first.get(members[3]!.subscriptionId) ?? []
  expect(leaving.length).toBeLessThanOrEqual(1)
})

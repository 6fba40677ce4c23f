import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Db } from '~/db/client.server'
import { subscriptions } from '~/db/schema'
import { addDays, type CalendarDateString, instantAt } from '~/server/billing/calendar'
import { findChargeProjection } from '~/server/billing/charge-projection.server'
import { findNextCharge } from '~/server/billing/next-charge.server'
import { createMembership } from '~/server/services/subscriptions/create-membership.server'
import { schedulePriceChange } from '~/server/services/subscriptions/manage-subscription.server'
import { pauseSubscription } from '~/server/services/subscriptions/pause-subscription.server'
import { addSandboxPaymentMethod, createTestMember, createTestPriceFor } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { atDay, paymentsOf, runEngineOn } from '../support/billing'
import { createTestDatabase, type TestDatabase } from '../support/database'

/**
 * A price change booked before a membership's first period is over: the member pays the old price for
 * the period they are in (for a membership that has not started yet, its first period, on the start
 * day, with its joining fee) and the new price from the first renewal on or after the change. The
 * engine's charges, `findNextCharge` when the change is booked and the charge projection all say so.
 * Found in charge-projection.test.ts: a fortnightly member starting in four days, moved to a monthly
 * price at the period end, was charged nothing on the start day (the first payment was withdrawn
 * when the change was booked) and the monthly price 14 days later.
 */

let database: TestDatabase
let db: Db
let org: TestOrganisation
let fortnightly: number
let fortnightlyWithFee: number
let fortnightlyCheaper: number
let monthly: number

beforeAll(async () => {
  database = await createTestDatabase({ kind: 'pglite' })
  db = database.db
  const now = instantAt('2027-01-01', '10:00')
  org = await createTestOrganisation({ db, name: 'Price Change Gym', now })
  const price = async (
    billingFrequency: 'fortnightly' | 'monthly',
    amount: number,
    joiningFee = 0,
  ): Promise<number> =>
    (await createTestPriceFor({ db, organisation: org, billingFrequency, amount, joiningFee, now })).price.id
  fortnightly = await price('fortnightly', 4800)
  fortnightlyWithFee = await price('fortnightly', 4800, 2000)
  fortnightlyCheaper = await price('fortnightly', 4400)
  monthly = await price('monthly', 7900)
}, 120_000)

afterAll(async () => {
  await database?.destroy()
})

/** A member paying by bank account (no surcharge), joined at `joinedAt` on `priceId` from `startDate`. */
async function join(options: { priceId: number; startDate: CalendarDateString; joinedAt: Date }) {
  const organisationId = org.organisation.id
  const gymId = org.gyms[0]!.id
  const member = await createTestMember({ db, organisationId, gymId, now: options.joinedAt })
  await addSandboxPaymentMethod({
    db,
    now: options.joinedAt,
    organisation: org,
    userId: member.id,
    pays: { bankAccount: '12-3140-0171323-00' },
  })
  const subscription = await createMembership({
    db,
    now: options.joinedAt,
    organisationId,
    userId: member.id,
    priceId: options.priceId,
    gymId,
    startDate: options.startDate,
  })
  return { userId: member.id, subscriptionId: subscription.id }
}

async function readRow(subscriptionId: number) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId))
  if (!row) throw new Error('No such membership')
  return row
}

/** Books the change at `now`, then answers what `findNextCharge` and the projection to `until` say. */
async function bookChange(options: {
  subscriptionId: number
  userId: number
  priceId: number
  date: CalendarDateString | null
  now: Date
  until: CalendarDateString
}) {
  const { subscriptionId, now } = options
  await schedulePriceChange({
    db,
    now,
    subscription: await readRow(subscriptionId),
    priceId: options.priceId,
    date: options.date,
    scheduledByUserId: options.userId,
  })
  const next = await findNextCharge({ db, subscriptionId, now })
  const projection = await findChargeProjection({
    db,
    subscription: await readRow(subscriptionId),
    now,
    until: options.until,
  })
  return { next, projected: projection.charges.map(({ on, total }) => ({ on, total })) }
}

function daysFrom(first: CalendarDateString, last: CalendarDateString): CalendarDateString[] {
  const days: CalendarDateString[] = []
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day)
  return days
}

/** What the engine took: each sent payment's day, amount and period. */
async function charged(subscriptionId: number) {
  return (await paymentsOf(db, subscriptionId))
    .filter((payment) => payment.status === 'sent')
    .map((payment) => ({
      on: payment.dueOn,
      amount: payment.amount,
      period: `${payment.periodStartAt} to ${payment.periodEndAt}`,
    }))
}

const asProjected = (charges: Array<{ on: string; amount: number }>) =>
  charges.map(({ on, amount }) => ({ on, total: amount }))

it('a membership starting in four days, moved to a monthly price at the period end, pays its first fortnight at the old price on the start day', async () => {
  // Joined Sunday 28 February 2027, starting Friday 5 March; the change is booked the same morning.
  const joinedAt = instantAt('2027-02-28', '10:00')
  const member = await join({ priceId: fortnightly, startDate: '2027-03-05', joinedAt })
  const { next, projected } = await bookChange({
    ...member,
    priceId: monthly,
    date: null,
    now: joinedAt,
    until: '2027-05-10',
  })
  expect(next).toMatchObject({ on: '2027-03-05', total: 4800, kind: 'first_payment', newPrice: false })

  await runEngineOn({ db, days: daysFrom('2027-03-01', '2027-05-10') })
  const expected = [
    // The first fortnight, at the old price, on the start day.
    { on: '2027-03-05', amount: 4800, period: '2027-03-05 to 2027-03-19' },
    // From the first renewal, the monthly price: its first period runs to the anchor's next monthly
    // billing date (ADR 031), then month by month from the 5th.
    { on: '2027-03-19', amount: 7900, period: '2027-03-19 to 2027-04-05' },
    { on: '2027-04-05', amount: 7900, period: '2027-04-05 to 2027-05-05' },
    { on: '2027-05-05', amount: 7900, period: '2027-05-05 to 2027-06-05' },
  ]
  const actual = await charged(member.subscriptionId)
  expect(actual).toEqual(expected)
  expect(projected).toEqual(asProjected(expected))
})

it('the first payment keeps its joining fee when a change is booked before the start', async () => {
  const joinedAt = instantAt('2027-02-28', '10:00')
  const member = await join({ priceId: fortnightlyWithFee, startDate: '2027-03-05', joinedAt })
  const { next, projected } = await bookChange({
    ...member,
    priceId: fortnightlyCheaper,
    date: null,
    now: joinedAt,
    until: '2027-04-10',
  })
  expect(next).toMatchObject({ on: '2027-03-05', total: 6800, kind: 'first_payment' })

  await runEngineOn({ db, days: daysFrom('2027-03-01', '2027-04-10') })
  const expected = [
    { on: '2027-03-05', amount: 6800, period: '2027-03-05 to 2027-03-19' },
    { on: '2027-03-19', amount: 4400, period: '2027-03-19 to 2027-04-02' },
    { on: '2027-04-02', amount: 4400, period: '2027-04-02 to 2027-04-16' },
  ]
  expect(await charged(member.subscriptionId)).toEqual(expected)
  expect(projected).toEqual(asProjected(expected))
})

it('a membership starting later with a change booked on a day inside its first period pays the old price until the renewal after that day', async () => {
  const joinedAt = instantAt('2027-02-28', '10:00')
  const member = await join({ priceId: fortnightly, startDate: '2027-03-05', joinedAt })
  const { next, projected } = await bookChange({
    ...member,
    priceId: fortnightlyCheaper,
    date: '2027-03-10',
    now: joinedAt,
    until: '2027-04-10',
  })
  expect(next).toMatchObject({ on: '2027-03-05', total: 4800, kind: 'first_payment' })

  await runEngineOn({ db, days: daysFrom('2027-03-01', '2027-04-10') })
  const expected = [
    { on: '2027-03-05', amount: 4800, period: '2027-03-05 to 2027-03-19' },
    // 10 March is inside the first fortnight: the new price from the renewal after it.
    { on: '2027-03-19', amount: 4400, period: '2027-03-19 to 2027-04-02' },
    { on: '2027-04-02', amount: 4400, period: '2027-04-02 to 2027-04-16' },
  ]
  expect(await charged(member.subscriptionId)).toEqual(expected)
  expect(projected).toEqual(asProjected(expected))
})

it('a membership already running, moved to a monthly price at the period end, pays the old price for the period it is in', async () => {
  // Started Friday 19 February; the change is booked on 1 March, after the payment ahead for the
  // 5 March renewal was made (26 February) at the old price.
  const member = await join({ priceId: fortnightly, startDate: '2027-02-19', joinedAt: atDay('2027-02-19') })
  await runEngineOn({ db, days: daysFrom('2027-02-19', '2027-02-28') })
  const bookedAt = instantAt('2027-03-01', '10:00')
  const { next, projected } = await bookChange({
    ...member,
    priceId: monthly,
    date: null,
    now: bookedAt,
    until: '2027-05-10',
  })
  expect(next).toMatchObject({ on: '2027-03-05', total: 7900, kind: 'renewal', newPrice: true })

  await runEngineOn({ db, days: daysFrom('2027-03-01', '2027-05-10') })
  const expected = [
    { on: '2027-02-19', amount: 4800, period: '2027-02-19 to 2027-03-05' },
    { on: '2027-03-05', amount: 7900, period: '2027-03-05 to 2027-03-19' },
    { on: '2027-03-19', amount: 7900, period: '2027-03-19 to 2027-04-19' },
    { on: '2027-04-19', amount: 7900, period: '2027-04-19 to 2027-05-19' },
  ]
  const actual = await charged(member.subscriptionId)
  expect(actual).toEqual(expected)
  expect(projected).toEqual(asProjected(expected.slice(1)))
})

it('a membership already running with a change booked on a day pays the old price until the renewal on or after it', async () => {
  const member = await join({ priceId: fortnightly, startDate: '2027-02-19', joinedAt: atDay('2027-02-19') })
  await runEngineOn({ db, days: daysFrom('2027-02-19', '2027-02-28') })
  const bookedAt = instantAt('2027-03-01', '10:00')
  const { next, projected } = await bookChange({
    ...member,
    priceId: fortnightlyCheaper,
    date: '2027-03-10',
    now: bookedAt,
    until: '2027-04-10',
  })
  // The 5 March renewal comes before the day: still the old price (its payment ahead is made again).
  expect(next).toMatchObject({ on: '2027-03-05', total: 4800, kind: 'renewal', newPrice: false })

  await runEngineOn({ db, days: daysFrom('2027-03-01', '2027-04-10') })
  const expected = [
    { on: '2027-02-19', amount: 4800, period: '2027-02-19 to 2027-03-05' },
    { on: '2027-03-05', amount: 4800, period: '2027-03-05 to 2027-03-19' },
    { on: '2027-03-19', amount: 4400, period: '2027-03-19 to 2027-04-02' },
    { on: '2027-04-02', amount: 4400, period: '2027-04-02 to 2027-04-16' },
  ]
  expect(await charged(member.subscriptionId)).toEqual(expected)
  expect(projected).toEqual(asProjected(expected.slice(1)))
})

it('a pause from before the start (the same schedule refresh) moves the first payment to the resume day instead of dropping it', async () => {
  const joinedAt = instantAt('2027-02-28', '10:00')
  const member = await join({ priceId: fortnightlyWithFee, startDate: '2027-03-05', joinedAt })
  // Paused 1 to 9 March: the first fortnight starts on the resume day, 10 March.
  await pauseSubscription({
    db,
    now: joinedAt,
    organisationId: org.organisation.id,
    subscriptionId: member.subscriptionId,
    startDate: '2027-03-01',
    endDate: '2027-03-09',
  })
  const next = await findNextCharge({ db, subscriptionId: member.subscriptionId, now: joinedAt })
  expect(next).toMatchObject({ on: '2027-03-10', total: 6800, kind: 'first_payment' })

  await runEngineOn({ db, days: daysFrom('2027-03-01', '2027-04-10') })
  expect(await charged(member.subscriptionId)).toEqual([
    { on: '2027-03-10', amount: 6800, period: '2027-03-10 to 2027-03-24' },
    { on: '2027-03-24', amount: 4800, period: '2027-03-24 to 2027-04-07' },
    { on: '2027-04-07', amount: 4800, period: '2027-04-07 to 2027-04-21' },
  ])
})

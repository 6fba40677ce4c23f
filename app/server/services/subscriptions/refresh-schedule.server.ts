import { eq, inArray, sql } from 'drizzle-orm'
import type { BillingFrequency } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { payments, prices, subscriptions } from '~/db/schema'
import { type CalendarDateString, calendarDateAt, laterDate } from '~/server/billing/calendar'
import { billingPeriodOn, isRecurringFrequency, type Pause } from '~/server/billing/periods'
import { findSubscriptionPauses } from '~/server/billing/subscription-pauses.server'

/**
 * After a change that moves billing dates (a pause, an undone cancellation, a price change): the
 * current period is worked out again and the payments created ahead for the periods after it are
 * withdrawn; the next schedule step creates the right ones. Payments already due stay as they are, and
 * so does the current period's own payment: a membership yet to start keeps its first payment (the
 * first period at the price it was bought at, with the joining fee), moved with its first period when
 * a pause delays it, as no schedule step makes it again.
 */
export async function refreshSchedule(options: { db: Db; subscriptionId: number; now: Date }) {
  await refreshSchedules({ db: options.db, subscriptionIds: [options.subscriptionId], now: options.now })
}

type SubscriptionRow = typeof subscriptions.$inferSelect

/**
 * `refreshSchedule` of one membership its change has just written (`subscription`, with its price's
 * frequency): not read again, and answered as it now stands, its current period worked out again,
 * with the pauses the period was worked out from (null when none were read: not a recurring period).
 */
export async function refreshScheduleOf(options: {
  db: Db
  subscription: SubscriptionRow
  frequency: BillingFrequency
  now: Date
}): Promise<{ subscription: SubscriptionRow; pauses: Pause[] | null }> {
  const { subscription } = options
  const { periods, pauses } = await refreshSchedules({
    db: options.db,
    subscriptionIds: [subscription.id],
    now: options.now,
    known: [{ subscription, frequency: options.frequency }],
  })
  const period = periods.get(subscription.id)
  return {
    subscription: period
      ? { ...subscription, currentPeriodStart: period.start, currentPeriodEnd: period.end }
      : subscription,
    pauses: pauses ? (pauses.get(subscription.id) ?? []) : null,
  }
}

/**
 * `refreshSchedule` for many memberships at once (the bulk price change): one statement reads them, one
 * withdraws their payments ahead, one moves a first payment a pause delayed, one writes the periods —
 * the same rule, set-based.
 */
export async function refreshSchedules(options: {
  db: Db
  subscriptionIds: readonly number[]
  now: Date
  /** The memberships as the caller has just written them, with their price's frequency: not read again. */
  known?: Array<{ subscription: SubscriptionRow; frequency: BillingFrequency }>
}): Promise<RefreshedSchedules> {
  const { db, now } = options
  const ids = [...new Set(options.subscriptionIds)]
  const written = new Map<number, { start: CalendarDateString; end: CalendarDateString }>()
  if (ids.length === 0) return { periods: written, pauses: null }
  const today = calendarDateAt(now)
  const rows = (
    options.known ??
    (await db
      .select({ subscription: subscriptions, frequency: prices.billingFrequency })
      .from(subscriptions)
      .innerJoin(prices, eq(prices.id, subscriptions.priceId))
      .where(inArray(subscriptions.id, ids)))
  ).flatMap(({ subscription, frequency }) =>
    isRecurringFrequency(frequency) && subscription.currentPeriodEnd !== null
      ? [{ subscription, frequency }]
      : [],
  )
  // A membership without periods has no payments ahead: its one payment is never made again.
  if (rows.length === 0) return { periods: written, pauses: null }
  const pauses = await findSubscriptionPauses({ db, subscriptionIds: rows.map((row) => row.subscription.id) })
  const periods = rows.map(({ subscription, frequency }) => {
    const period = billingPeriodOn({
      anchor: subscription.startDate,
      frequency,
      date: laterDate(subscription.startDate, today),
      pauses: pauses.get(subscription.id) ?? [],
    })
    written.set(subscription.id, period)
    return sql`(${subscription.id}::integer, ${period.start}::date, ${period.end}::date)`
  })
  const worked = sql`(values ${sql.join(periods, sql`, `)}) as periods (id, period_start, period_end)`
  // The payments ahead are the renewals' after the current period: the schedule step makes them again,
  // at the price and on the days as they now stand. The current period's own payment stays: for a
  // membership yet to start it is the first payment, made at sign-up with the joining fee, due on the
  // start day, which no schedule step makes again (withdrawn, the first period went unpaid).
  await db.execute(sql`
    update ${payments} as p set status = 'cancelled', updated_at = ${now.toISOString()}::timestamptz
    from ${worked}
    where p.subscription_id = periods.id and p.status = 'upcoming' and p.is_retry = false
      and p.due_on > ${today}::date
      and (p.period_start_at is null or p.period_start_at > periods.period_start)`)
  // A pause from before the start delays the first period to its resume day: its payment moves with
  // it, so nothing is charged on a paused day.
  await db.execute(sql`
    update ${payments} as p set due_on = periods.period_start, period_start_at = periods.period_start,
      period_end_at = periods.period_end, updated_at = ${now.toISOString()}::timestamptz
    from ${worked}
    where p.subscription_id = periods.id and p.status = 'upcoming' and p.is_retry = false
      and p.due_on > ${today}::date and p.period_start_at < periods.period_start`)
  await db.execute(sql`
    update ${subscriptions}
    set current_period_start = periods.period_start, current_period_end = periods.period_end, updated_at = now()
    from ${worked}
    where ${subscriptions.id} = periods.id`)
  return { periods: written, pauses }
}

/** The periods `refreshSchedules` wrote, and the pauses it read to work them out (null: none read). */
interface RefreshedSchedules {
  periods: Map<number, { start: CalendarDateString; end: CalendarDateString }>
  pauses: Map<number, Pause[]> | null
}

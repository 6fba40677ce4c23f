import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { BillingFrequency } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { payments, prices, subscriptions } from '~/db/schema'
import { type CalendarDateString, calendarDateAt, laterDate } from '~/server/billing/calendar'
import { billingPeriodOn, isRecurringFrequency, type Pause } from '~/server/billing/periods'
import { findSubscriptionPauses } from '~/server/billing/subscription-pauses.server'

/**
 * After a change that moves billing dates (a pause, an undone cancellation, a price change): the
 * payments created ahead for dates still to come are withdrawn and the current period is worked out
 * again; the next schedule step creates the right payment. Payments already due stay as they are.
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
 * `refreshSchedule` for many memberships at once (the bulk price change): one statement withdraws their
 * payments ahead, one reads them, one writes the periods that moved — the same rule, set-based.
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
  await db
    .update(payments)
    .set({ status: 'cancelled', updatedAt: now })
    .where(
      and(
        inArray(payments.subscriptionId, ids),
        eq(payments.status, 'upcoming'),
        eq(payments.isRetry, false),
        gt(payments.dueOn, today),
      ),
    )
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
  await db.execute(sql`
    update ${subscriptions}
    set current_period_start = periods.period_start, current_period_end = periods.period_end, updated_at = now()
    from (values ${sql.join(periods, sql`, `)}) as periods (id, period_start, period_end)
    where ${subscriptions.id} = periods.id`)
  return { periods: written, pauses }
}

/** The periods `refreshSchedules` wrote, and the pauses it read to work them out (null: none read). */
interface RefreshedSchedules {
  periods: Map<number, { start: CalendarDateString; end: CalendarDateString }>
  pauses: Map<number, Pause[]> | null
}

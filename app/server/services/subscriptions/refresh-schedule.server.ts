import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { payments, prices, subscriptions } from '~/db/schema'
import { calendarDateAt, laterDate } from '~/server/billing/calendar'
import { billingPeriodOn, isRecurringFrequency } from '~/server/billing/periods'
import { findSubscriptionPauses } from '~/server/billing/subscription-pauses.server'

/**
 * After a change that moves billing dates (a pause, an undone cancellation, a price change): the
 * payments created ahead for dates still to come are withdrawn and the current period is worked out
 * again; the next schedule step creates the right payment. Payments already due stay as they are.
 */
export async function refreshSchedule(options: { db: Db; subscriptionId: number; now: Date }) {
  const { db, subscriptionId, now } = options
  const today = calendarDateAt(now)
  await db
    .update(payments)
    .set({ status: 'cancelled', updatedAt: now })
    .where(
      and(
        eq(payments.subscriptionId, subscriptionId),
        eq(payments.status, 'upcoming'),
        eq(payments.isRetry, false),
        gt(payments.dueOn, today),
      ),
    )
  const [row] = await db
    .select({ subscription: subscriptions, frequency: prices.billingFrequency })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .where(eq(subscriptions.id, subscriptionId))
  if (!row || !isRecurringFrequency(row.frequency) || row.subscription.currentPeriodEnd === null) return
  const reference = laterDate(row.subscription.startDate, today)
  const period = billingPeriodOn({
    anchor: row.subscription.startDate,
    frequency: row.frequency,
    date: reference,
    pauses:
      (await findSubscriptionPauses({ db, subscriptionIds: [subscriptionId] })).get(subscriptionId) ?? [],
  })
  await db
    .update(subscriptions)
    .set({ currentPeriodStart: period.start, currentPeriodEnd: period.end, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, subscriptionId))
}

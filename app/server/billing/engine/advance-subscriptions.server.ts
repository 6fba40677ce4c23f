import { and, asc, eq, gt, gte, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import {
  organisations,
  paymentMethods,
  payments,
  priceChangeHistory,
  prices,
  subscriptionPauses,
  subscriptions,
  users,
} from '~/db/schema'
import type { PaymentType } from '~/db/schema/enums'
import { addDays, type CalendarDateString, calendarDateAt, daysBetween } from '../calendar'
import { billingPeriodOn, isRecurringFrequency, type Pause } from '../periods'
import { billingPolicy } from './policy'

export interface AdvanceStats {
  renewed: number
  paymentsCreated: number
  cancelledForNonPayment: number
  priceChangesApplied: number
}

/** Upcoming payments appear this many days before they are due (SPEC §4 "upcoming"). */
export const UPCOMING_HORIZON_DAYS = 7

type SubscriptionRow = typeof subscriptions.$inferSelect

/**
 * The daily schedule step (DESIGN §5): for every live subscription, close the failed-payment grace
 * period that ran out, apply scheduled price changes, roll the current period forward to today, and
 * create the next period's payment as `upcoming` a week before it is due. Each subscription is one
 * short transaction holding its row lock (`SKIP LOCKED`: a second worker takes the others), and every
 * step is idempotent, so a run killed half way is finished by the next.
 */
export async function advanceSubscriptions(options: { db: Db; now: Date; batchSize?: number }) {
  const { db, now } = options
  const today = calendarDateAt(now)
  const stats: AdvanceStats = {
    renewed: 0,
    paymentsCreated: 0,
    cancelledForNonPayment: 0,
    priceChangesApplied: 0,
  }
  let afterId = 0
  // Subscriptions another transaction holds (a second worker, a billing run recording a result, a
  // killed worker's connection not yet closed) are skipped at first, then waited for at the end: a
  // run that left one out would never create its next payment (a daily one's period would be lost).
  const skipped: number[] = []
  for (;;) {
    const ids = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(gt(subscriptions.id, afterId), eq(subscriptions.isStaging, false), hasWorkToday(today, now)))
      .orderBy(asc(subscriptions.id))
      .limit(options.batchSize ?? 500)
    if (ids.length === 0) break
    afterId = ids.at(-1)?.id ?? afterId
    // Subscriptions are independent (one short transaction each, SKIP LOCKED): a few at once. After
    // an error the other lanes stop too, so nothing runs on once the run has failed.
    let next = 0
    let failed = false
    const lane = async () => {
      for (let index = next++; index < ids.length && !failed; index = next++) {
        const row = ids[index]
        if (!row) continue
        try {
          const advanced = await advanceOne({ db, id: row.id, now, today, stats, wait: false })
          if (advanced === 'locked') skipped.push(row.id)
        } catch (error) {
          failed = true
          throw error
        }
      }
    }
    await Promise.all(Array.from({ length: billingPolicy.advanceLanes }, lane))
  }
  for (const id of skipped) await advanceOne({ db, id, now, today, stats, wait: true })
  return stats
}

/**
 * Only subscriptions with something to do today are visited: a renewal due, or a next payment within
 * the horizon not yet created (unless the membership has ended), a grace period that ran out, an upcoming start that has
 * come, or a cancellation with payments still to withdraw. Most days a monthly member has none.
 */
function hasWorkToday(today: CalendarDateString, now: Date) {
  const horizon = addDays(today, UPCOMING_HORIZON_DAYS)
  return sql`(
    ((${subscriptions.currentPeriodEnd} <= ${today}
        or (${subscriptions.currentPeriodEnd} <= ${horizon} and not exists (
          select 1 from ${payments} p where p.subscription_id = ${subscriptions.id}
            and p.period_start_at = ${subscriptions.currentPeriodEnd} and p.is_retry = false and p.status <> 'cancelled')))
      and not (${subscriptions.cancelledAt} is not null
        and coalesce(${subscriptions.undoCancellationUntil}, ${subscriptions.cancelledAt}) <= ${now.toISOString()}))
    or (${subscriptions.cancelledAt} is null and ${subscriptions.gracePeriodEndsAt} < ${today} and ${subscriptions.balanceOwing} > 0)
    or (${subscriptions.upcomingState} = 'upcoming' and ${subscriptions.startDate} <= ${today})
    or (${subscriptions.cancelledAt} is not null and exists (
      select 1 from ${payments} p where p.subscription_id = ${subscriptions.id} and p.status = 'upcoming'))
  )`
}

async function advanceOne(options: {
  db: Db
  id: number
  now: Date
  today: CalendarDateString
  stats: AdvanceStats
  /** Wait for a subscription another transaction holds, instead of skipping it (`'locked'`). */
  wait: boolean
}): Promise<'locked' | undefined> {
  const { db, id, now, today, stats } = options
  return db.transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, id))
      .for('update', options.wait ? {} : { skipLocked: true })
    if (!subscription) return options.wait ? undefined : 'locked'

    // 1. A grace period that ran out with money still owed ends the membership now.
    if (
      !subscription.cancelledAt &&
      subscription.gracePeriodEndsAt !== null &&
      subscription.gracePeriodEndsAt < today &&
      subscription.balanceOwing > 0
    ) {
      await tx
        .update(subscriptions)
        .set({
          cancelledAt: now,
          undoCancellationUntil: now,
          cancellationReasons: ['unpaid'],
          version: sql`${subscriptions.version} + 1`,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, id))
      await cancelPaymentsFrom(tx, id, today, now)
      stats.cancelledForNonPayment += 1
      return
    }

    // An upcoming membership whose start date has come is simply running now.
    if (subscription.upcomingState === 'upcoming' && subscription.startDate <= today) {
      await tx
        .update(subscriptions)
        .set({ upcomingState: null, updatedAt: now })
        .where(eq(subscriptions.id, id))
    }

    const endsOn = membershipEndsOn(subscription)
    if (endsOn !== null) await cancelPaymentsFrom(tx, id, endsOn, now)
    if (subscription.currentPeriodEnd === null) return

    const [price] = await tx.select().from(prices).where(eq(prices.id, subscription.priceId))
    if (!price || !isRecurringFrequency(price.billingFrequency)) return
    const pauses = await pausesOf(tx, id)

    // 2. Roll the current period forward to the one containing today, applying a price change that
    //    takes effect on a renewal date on the way.
    let current = {
      start: subscription.currentPeriodStart ?? subscription.startDate,
      end: subscription.currentPeriodEnd,
    }
    let priceId = subscription.priceId
    let renewed = false
    while (current.end <= today && (endsOn === null || current.end < endsOn)) {
      const next = billingPeriodOn({
        anchor: subscription.startDate,
        frequency: price.billingFrequency,
        date: current.end,
        pauses,
      })
      if (priceId === subscription.priceId && priceChangeDue(subscription, next.start)) {
        priceId = await applyPriceChange(tx, subscription, next.start, now)
        stats.priceChangesApplied += 1
      }
      current = { start: next.start, end: next.end }
      renewed = true
      stats.renewed += 1
    }
    if (renewed) {
      await tx
        .update(subscriptions)
        .set({ currentPeriodStart: current.start, currentPeriodEnd: current.end, priceId, updatedAt: now })
        .where(eq(subscriptions.id, id))
    }

    // 3. The next period's payment, a week ahead, unless the membership ends before it.
    const nextStart = current.end
    if (endsOn !== null && nextStart >= endsOn) return
    if (daysBetween(today, nextStart) > UPCOMING_HORIZON_DAYS) return
    const next = billingPeriodOn({
      anchor: subscription.startDate,
      frequency: price.billingFrequency,
      date: nextStart,
      pauses,
    })
    const pendingChange = priceId === subscription.priceId && priceChangeDue(subscription, next.start)
    const nextPriceId = pendingChange ? (subscription.transitionToPriceId ?? priceId) : priceId
    const created = await createPeriodPayment(tx, {
      subscription,
      priceId: nextPriceId,
      period: { start: next.start, end: next.end },
      now,
    })
    if (created) stats.paymentsCreated += 1
  })
}

/** The day a cancelled membership stops: its renewal date at cancellation (no payment from then on). */
function membershipEndsOn(subscription: SubscriptionRow): CalendarDateString | null {
  if (!subscription.cancelledAt) return null
  const until = subscription.undoCancellationUntil ?? subscription.cancelledAt
  return calendarDateAt(until)
}

function priceChangeDue(subscription: SubscriptionRow, periodStart: CalendarDateString) {
  if (subscription.transitionToPriceId === null) return false
  if (subscription.transitionTakesEffectAt === 'date') {
    return subscription.transitionToDate !== null && subscription.transitionToDate <= periodStart
  }
  return true
}

async function applyPriceChange(tx: Db, subscription: SubscriptionRow, on: CalendarDateString, now: Date) {
  const toPriceId = subscription.transitionToPriceId ?? subscription.priceId
  await tx
    .update(subscriptions)
    .set({
      priceId: toPriceId,
      transitionToPriceId: null,
      transitionTakesEffectAt: null,
      transitionToDate: null,
    })
    .where(eq(subscriptions.id, subscription.id))
  await tx
    .update(priceChangeHistory)
    .set({ appliedAt: now })
    .where(
      and(
        eq(priceChangeHistory.subscriptionId, subscription.id),
        eq(priceChangeHistory.toPriceId, toPriceId),
        isNull(priceChangeHistory.appliedAt),
        sql`${priceChangeHistory.takesEffectOn} <= ${on}`,
      ),
    )
  return toPriceId
}

/** Pauses that were not cancelled, as the period maths takes them (`end` = the day membership resumes). */
export async function pausesOf(db: Db, subscriptionId: number): Promise<Pause[]> {
  const rows = await db
    .select({ start: subscriptionPauses.startDate, end: subscriptionPauses.endDate })
    .from(subscriptionPauses)
    .where(and(eq(subscriptionPauses.subscriptionId, subscriptionId), isNull(subscriptionPauses.cancelledAt)))
  // Stored with the last paused day (as people say it); the maths counts to the resume day.
  return rows.map((row) => ({ start: row.start, end: addDays(row.end, 1) }))
}

/** Upcoming payments from `from` on stop: the membership ends before they are due. */
async function cancelPaymentsFrom(tx: Db, subscriptionId: number, from: CalendarDateString, now: Date) {
  await tx
    .update(payments)
    .set({ status: 'cancelled', updatedAt: now })
    .where(
      and(
        eq(payments.subscriptionId, subscriptionId),
        eq(payments.status, 'upcoming'),
        gte(payments.dueOn, from),
      ),
    )
}

/**
 * One payment per period: `ON CONFLICT DO NOTHING` on the period's unique index, so running twice (or
 * two workers) never creates a second one.
 */
export async function createPeriodPayment(
  tx: Db,
  options: {
    subscription: SubscriptionRow
    priceId: number
    period: { start: CalendarDateString; end: CalendarDateString }
    now: Date
    extraAmount?: number
  },
): Promise<boolean> {
  const { subscription, period, now } = options
  const [price] = await tx.select().from(prices).where(eq(prices.id, options.priceId))
  if (!price) return false
  const method = await memberPaymentMethod(tx, subscription.userId)
  const [organisation] = await tx
    .select({ bps: organisations.cardSurchargeBasisPoints, fixed: organisations.cardSurchargeFixed })
    .from(organisations)
    .where(eq(organisations.id, subscription.organisationId))
  const amount = (subscription.forcePriceAmount ?? price.amount) + (options.extraAmount ?? 0)
  const type: PaymentType = method?.type ?? 'bank_account'
  const surcharge =
    type === 'stripe_card' && organisation
      ? Math.round((amount * organisation.bps) / 10_000) + (amount > 0 ? organisation.fixed : 0)
      : 0
  const inserted = await tx
    .insert(payments)
    .values({
      organisationId: subscription.organisationId,
      subscriptionId: subscription.id,
      userId: subscription.userId,
      gymId: subscription.gymId,
      paymentMethodId: method?.id ?? null,
      amount,
      surcharge,
      periodStartAt: period.start,
      periodEndAt: period.end,
      dueOn: period.start,
      status: 'upcoming',
      type,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id })
  return inserted.length > 0
}

/** The member's default payment method (or their first one): what the next charge uses. */
export async function memberPaymentMethod(tx: Db, userId: number) {
  const [member] = await tx
    .select({ preferredId: users.defaultPaymentMethodId })
    .from(users)
    .where(eq(users.id, userId))
  const preferredId = member?.preferredId ?? null
  const methods = await tx
    .select({ id: paymentMethods.id, type: paymentMethods.type })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt)))
    .orderBy(asc(paymentMethods.id))
  return methods.find((method) => method.id === preferredId) ?? methods[0] ?? null
}

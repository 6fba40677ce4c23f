import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { organisations, payments, prices, type subscriptions } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { firstPaymentAmount } from '~/server/billing/amounts'
import { type CalendarDateString, calendarDateAt } from '~/server/billing/calendar'
import { findMemberPaymentMethod } from '~/server/billing/member-payment-method.server'
import { proRata } from '~/server/billing/pro-rata'
import { findSubscriptionPauses } from '~/server/billing/subscription-pauses.server'
import { findCardSurcharges, subscriptionPaymentValues } from '~/server/billing/subscription-payment.server'
import {
  assertPriceChange,
  assertPriceRiseNotice,
  type Price,
  priceChangeFirstChargedOn,
  priceChangeTiming,
  type TermGrace,
  waitsForTermEnd,
} from './price-change-rules.server'
import { refreshSchedule } from './refresh-schedule.server'
import { updateSubscriptionAtVersion } from './subscription-version.server'
import { writePriceChanges } from './write-price-changes.server'

export type SubscriptionRow = typeof subscriptions.$inferSelect

/**
 * Staff cancel now: access ends today, nothing more is charged, no undo. The membership and its
 * withdrawn payments change in one transaction: a cancelled membership never keeps a payment that would
 * still be charged, and a failure leaves both as they were.
 */
export async function cancelSubscriptionNow(options: {
  db: Db
  now: Date
  subscription: SubscriptionRow
  reasons: string[]
  comments?: string | null | undefined
}) {
  const { db, now, subscription } = options
  if (subscription.cancelledAt && (subscription.undoCancellationUntil ?? subscription.cancelledAt) <= now) {
    throw new AppError('CONFLICT', 'The membership has already ended.')
  }
  const withinCoolingOff =
    subscription.coolingPeriodEndsAt !== null && calendarDateAt(now) < subscription.coolingPeriodEndsAt
  return db.transaction(async (tx) => {
    const updated = await updateSubscriptionAtVersion({
      db: tx,
      subscription,
      values: {
        cancelledAt: now,
        undoCancellationUntil: now,
        cancellationReasons: options.reasons,
        cancellationComments: options.comments ?? null,
        cancelledDuringCoolingOffPeriod: withinCoolingOff,
      },
      now,
    })
    await tx
      .update(payments)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(payments.subscriptionId, subscription.id), eq(payments.status, 'upcoming')))
    return updated
  })
}

/** Undo a cancellation while `undo_cancellation_until` is ahead (SPEC §4). */
export async function undoCancellation(options: { db: Db; now: Date; subscription: SubscriptionRow }) {
  const { db, now, subscription } = options
  if (!subscription.cancelledAt) throw new AppError('CONFLICT', 'The membership is not cancelled.')
  if (!subscription.undoCancellationUntil || subscription.undoCancellationUntil <= now) {
    throw new AppError('CONFLICT', 'It is too late to undo this cancellation.')
  }
  return db.transaction(async (tx) => {
    const updated = await updateSubscriptionAtVersion({
      db: tx,
      subscription,
      values: {
        cancelledAt: null,
        undoCancellationUntil: null,
        cancellationReasons: [],
        cancellationComments: null,
        cancelledDuringCoolingOffPeriod: false,
      },
      now,
    })
    await refreshSchedule({ db: tx, subscriptionId: subscription.id, now })
    return updated
  })
}

/**
 * Schedules a move to another price of the organisation: at the end of the current period unless a
 * date is given (SPEC §4). Recorded in the price-change history; applied by the schedule step. The
 * rules are `price-change-rules.server.ts`'s and the writes `writePriceChanges`, as for many at once.
 */
export async function schedulePriceChange(options: {
  db: Db
  now: Date
  subscription: SubscriptionRow
  priceId: number
  date?: CalendarDateString | null | undefined
  scheduledByUserId: number
  /**
   * The demo's history replays changes as they were made then; staff's changes (the default) keep the
   * organisation's notice period before a rise.
   */
  skipRiseNotice?: boolean
}) {
  const { db, now, subscription, date } = options
  const [[from], [to]] = await Promise.all([
    db.select().from(prices).where(eq(prices.id, subscription.priceId)),
    db
      .select()
      .from(prices)
      .where(and(eq(prices.id, options.priceId), ownedBy(prices, subscription.organisationId))),
  ])
  assertPriceChange({ subscription, to, date, now })
  if (!from || !to) throw new AppError('NOT_FOUND', 'Price not found.')
  const { onDate, takesEffectOn } = await planPriceChange({ db, now, subscription, from, to, date })
  if (!options.skipRiseNotice) {
    const noticeDays = await findPriceRiseNoticeDays({ db, organisationId: subscription.organisationId })
    assertPriceRiseNotice({ subscription, from, to, takesEffectOn, noticeDays, now })
  }
  await db.transaction(async (tx) => {
    await writePriceChanges({
      db: tx,
      now,
      to,
      changes: [{ subscription, from, onDate, takesEffectOn }],
      scheduledByUserId: options.scheduledByUserId,
    })
  })
  return { takesEffectOn, from, to }
}

/**
 * One membership's change to `to` booked for `date` (`priceChangeTiming`): the day kept on the
 * membership, and the day the new price is first charged (`priceChangeFirstChargedOn`, the engine's
 * rule with the membership's pauses), which the e-mail, the preview, the history line and the notice
 * before a rise name.
 */
export async function planPriceChange(options: {
  db: Db
  now: Date
  subscription: SubscriptionRow
  from: Price
  to: Price
  date: CalendarDateString | null | undefined
}): Promise<{ onDate: CalendarDateString | null; takesEffectOn: CalendarDateString }> {
  const { db, now, subscription, from, to, date } = options
  const termGrace = waitsForTermEnd({ subscription, date, now })
    ? await findTermGrace({ db, organisationId: subscription.organisationId })
    : null
  const { onDate, takesEffectOn: bookedOn } = priceChangeTiming({ subscription, date, termGrace, now })
  const pauses = await findSubscriptionPauses({ db, subscriptionIds: [subscription.id] })
  const takesEffectOn = priceChangeFirstChargedOn({
    subscription,
    from,
    to,
    onDate,
    bookedOn,
    pauses: pauses.get(subscription.id) ?? [],
    now,
  })
  return { onDate, takesEffectOn }
}

/** The organisation's notice period before a price rise, in days (issue 25). */
export async function findPriceRiseNoticeDays(options: { db: Db; organisationId: number }): Promise<number> {
  const [organisation] = await options.db
    .select({ days: organisations.priceRiseNoticeDays })
    .from(organisations)
    .where(eq(organisations.id, options.organisationId))
  return organisation?.days ?? 30
}

/** The organisation's term-membership grace period (`priceChangeTiming`), or none if it is gone. */
export async function findTermGrace(options: { db: Db; organisationId: number }): Promise<TermGrace | null> {
  const [organisation] = await options.db
    .select({
      amount: organisations.termMembershipGracePeriod,
      unit: organisations.termMembershipGracePeriodUnit,
    })
    .from(organisations)
    .where(eq(organisations.id, options.organisationId))
  return organisation ?? null
}

/**
 * An upcoming membership starting today instead: what it would cost now (the pro-rata part up to the
 * original start, plus the joining fee) and the move itself.
 */
export async function startEarlyData(options: { db: Db; now: Date; subscription: SubscriptionRow }) {
  const { db, now, subscription } = options
  const today = calendarDateAt(now)
  if (subscription.startDate <= today) throw new AppError('CONFLICT', 'The membership has already started.')
  // Started early once already (its pro-rata days are billed): a second start would bill them again.
  if (subscription.upcomingState !== 'upcoming')
    throw new AppError('CONFLICT', 'The membership has already been started early.')
  const [price] = await db.select().from(prices).where(eq(prices.id, subscription.priceId))
  if (!price) throw new AppError('NOT_FOUND', 'Price not found.')
  const part =
    price.billingFrequency === 'one_off'
      ? null
      : proRata({
          price,
          startDate: today,
          billingDate: subscription.startDate,
          forcePriceAmount: subscription.forcePriceAmount,
        })
  return {
    start_date: today,
    original_start_date: subscription.startDate,
    pro_rata_amount: part?.amount ?? 0,
    explanation: part?.explanation ?? [],
  }
}

export async function startSubscriptionEarly(options: { db: Db; now: Date; subscription: SubscriptionRow }) {
  const { db, now, subscription } = options
  const data = await startEarlyData(options)
  const [price] = await db.select().from(prices).where(eq(prices.id, subscription.priceId))
  if (!price) throw new AppError('NOT_FOUND', 'Price not found.')
  return db.transaction(async (tx) => {
    const updated = await updateSubscriptionAtVersion({
      db: tx,
      subscription,
      // The days until the original start are a period of their own (billed pro rata below); the
      // engine renews into the first full period on the original start day, whose payment is the one
      // made at sign-up.
      values: {
        upcomingState: null,
        currentPeriodStart: data.start_date,
        currentPeriodEnd: data.original_start_date,
      },
      now,
    })
    if (data.pro_rata_amount > 0) {
      const first = firstPaymentAmount({
        price,
        forcePriceAmount: subscription.forcePriceAmount,
        proRata: { amount: data.pro_rata_amount, days: 1 },
      })
      const surcharges = await findCardSurcharges({ db: tx, organisationIds: [subscription.organisationId] })
      await tx.insert(payments).values(
        subscriptionPaymentValues({
          subscription,
          amount: first.amount - first.joiningFee,
          method: await findMemberPaymentMethod({ db: tx, userId: subscription.userId }),
          surcharge: surcharges.get(subscription.organisationId) ?? null,
          dueOn: data.start_date,
          period: null,
          isProRata: true,
          meta: { start_early: true, until: data.original_start_date },
          now,
        }),
      )
    }
    return { subscription: updated, ...data }
  })
}

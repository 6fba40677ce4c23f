import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { organisations, payments, prices, type subscriptions } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { type CalendarDateString, calendarDateAt } from '~/server/billing/calendar'
import { findSubscriptionPauses } from '~/server/billing/subscription-pauses.server'
import { notFound } from '../service-input.server'
import {
  assertPriceChange,
  assertPriceRiseNotice,
  type Price,
  priceChangeDays,
  type TermGrace,
  waitsForTermEnd,
} from './price-change-rules.server'
import { updateSubscriptionAtVersion } from './subscription-version.server'
import { writePriceChanges } from './write-price-changes.server'

export type SubscriptionRow = typeof subscriptions.$inferSelect

/**
 * Staff cancel now: access ends today, nothing more is charged, no undo. The membership and its
 * withdrawn payments change in one transaction: a cancelled membership never keeps a payment that would
 * still be charged, and a failure leaves both as they were.
 */
export async function cancelSubscriptionNow(options: CancelNow) {
  return options.db.transaction((tx) => writeCancelNow({ ...options, db: tx }))
}

interface CancelNow {
  db: Db
  now: Date
  subscription: SubscriptionRow
  reasons: string[]
  comments?: string | null | undefined
}

/** `cancelSubscriptionNow` in the caller's transaction (a staff change that also tells the member). */
export async function writeCancelNow(options: CancelNow) {
  const { db, now, subscription } = options
  if (subscription.cancelledAt && (subscription.undoCancellationUntil ?? subscription.cancelledAt) <= now) {
    throw new AppError('CONFLICT', 'The membership has already ended.')
  }
  const withinCoolingOff =
    subscription.coolingPeriodEndsAt !== null && calendarDateAt(now) < subscription.coolingPeriodEndsAt
  const updated = await updateSubscriptionAtVersion({
    db,
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
  await db
    .update(payments)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(payments.subscriptionId, subscription.id), eq(payments.status, 'upcoming')))
  return updated
}

/**
 * Schedules a move to another price of the organisation: at the end of the current period unless a
 * date is given (SPEC §4). Recorded in the price-change history; applied by the schedule step. The
 * rules are `price-change-rules.server.ts`'s and the writes `writePriceChanges`, as for many at once.
 * Its own transaction; `bookPriceChange` is the same in the caller's.
 */
export async function schedulePriceChange(options: PriceChangeRequest) {
  return options.db.transaction((tx) => bookPriceChange({ ...options, db: tx }))
}

interface PriceChangeRequest {
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
}

/** `schedulePriceChange` in the caller's transaction; answers the membership as it now stands too. */
export async function bookPriceChange(options: PriceChangeRequest) {
  const { db, now, subscription, date } = options
  const { from, to } = await findPriceChangePrices(options)
  const { onDate, takesEffectOn } = await planPriceChange({ db, now, subscription, from, to, date })
  if (!options.skipRiseNotice) {
    const noticeDays = await findPriceRiseNoticeDays({ db, organisationId: subscription.organisationId })
    assertPriceRiseNotice({ subscription, from, to, takesEffectOn, noticeDays, now })
  }
  const [moved] = await writePriceChanges({
    db,
    now,
    to,
    changes: [{ subscription, from, onDate, takesEffectOn }],
    scheduledByUserId: options.scheduledByUserId,
  })
  return { takesEffectOn, from, to, subscription: moved ?? subscription }
}

/**
 * The membership's price and the price it is to move to (one of its organisation's), once the move is
 * one the rules allow for `date` (`assertPriceChange`).
 */
export async function findPriceChangePrices(options: {
  db: Db
  now: Date
  subscription: SubscriptionRow
  priceId: number
  date?: CalendarDateString | null | undefined
}): Promise<{ from: Price; to: Price }> {
  const { db, now, subscription, date } = options
  const [[from], [to]] = await readTogether(db, [
    () => db.select().from(prices).where(eq(prices.id, subscription.priceId)),
    () =>
      db
        .select()
        .from(prices)
        .where(and(eq(prices.id, options.priceId), ownedBy(prices, subscription.organisationId))),
  ])
  assertPriceChange({ subscription, to, date, now })
  if (!from || !to) throw notFound('Price')
  return { from, to }
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
  const pauses = await findSubscriptionPauses({ db, subscriptionIds: [subscription.id] })
  return priceChangeDays({
    subscription,
    from,
    to,
    date,
    termGrace,
    pauses: pauses.get(subscription.id) ?? [],
    now,
  })
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

/** Starting an upcoming membership today lives with its staff action; the engine's tests call it here. */
export { startSubscriptionEarly } from './start-membership-early.server'

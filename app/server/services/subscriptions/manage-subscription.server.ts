import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { organisations, payments, priceChangeHistory, prices, subscriptions } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { firstPaymentAmount } from '~/server/billing/amounts'
import { addDays, addMonths, type CalendarDateString, calendarDateAt } from '~/server/billing/calendar'
import { memberPaymentMethod } from '~/server/billing/engine/advance-subscriptions.server'
import { proRata } from '~/server/billing/pro-rata'
import { validationError } from '../service-input.server'
import { recalculateBalanceOwing } from './recalculate-balance-owing.server'
import { refreshSchedule } from './refresh-schedule.server'

export type SubscriptionRow = typeof subscriptions.$inferSelect

export const changedMeanwhileMessage =
  'Someone else changed this membership meanwhile. Reload it and try again.'

/** Optimistic lock: the update only lands on the version the caller read (SPEC §3 `version`). */
async function updateAtVersion(
  db: Db,
  subscription: SubscriptionRow,
  values: Partial<SubscriptionRow>,
  now: Date,
) {
  const [updated] = await db
    .update(subscriptions)
    .set({ ...values, version: sql`${subscriptions.version} + 1`, updatedAt: now })
    .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.version, subscription.version)))
    .returning()
  if (!updated) throw new AppError('CONFLICT', changedMeanwhileMessage)
  return updated
}

/** Staff cancel now: access ends today, nothing more is charged, no undo. */
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
  const updated = await updateAtVersion(
    db,
    subscription,
    {
      cancelledAt: now,
      undoCancellationUntil: now,
      cancellationReasons: options.reasons,
      cancellationComments: options.comments ?? null,
      cancelledDuringCoolingOffPeriod: withinCoolingOff,
    },
    now,
  )
  await db
    .update(payments)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(payments.subscriptionId, subscription.id), eq(payments.status, 'upcoming')))
  return updated
}

/** Undo a cancellation while `undo_cancellation_until` is ahead (SPEC §4). */
export async function undoCancellation(options: { db: Db; now: Date; subscription: SubscriptionRow }) {
  const { db, now, subscription } = options
  if (!subscription.cancelledAt) throw new AppError('CONFLICT', 'The membership is not cancelled.')
  if (!subscription.undoCancellationUntil || subscription.undoCancellationUntil <= now) {
    throw new AppError('CONFLICT', 'It is too late to undo this cancellation.')
  }
  const updated = await updateAtVersion(
    db,
    subscription,
    {
      cancelledAt: null,
      undoCancellationUntil: null,
      cancellationReasons: [],
      cancellationComments: null,
      cancelledDuringCoolingOffPeriod: false,
    },
    now,
  )
  await refreshSchedule({ db, subscriptionId: subscription.id, now })
  return updated
}

/**
 * Schedules a move to another price of the organisation: at the end of the current period unless a
 * date is given (SPEC §4). Recorded in the price-change history; applied by the schedule step.
 */
export async function schedulePriceChange(options: {
  db: Db
  now: Date
  subscription: SubscriptionRow
  priceId: number
  date?: CalendarDateString | null | undefined
  scheduledByUserId: number
}) {
  const { db, now, subscription } = options
  const [[from], [to]] = await Promise.all([
    db.select().from(prices).where(eq(prices.id, subscription.priceId)),
    db
      .select()
      .from(prices)
      .where(and(eq(prices.id, options.priceId), eq(prices.organisationId, subscription.organisationId))),
  ])
  if (!to || to.archivedAt) throw validationError('priceId', 'Choose a price that is still on sale.')
  if (to.id === subscription.priceId)
    throw validationError('priceId', 'The membership is on this price already.')
  const today = calendarDateAt(now)
  if (options.date && options.date < today)
    throw validationError('date', 'The change cannot take effect in the past.')
  // A term membership moves to its next price when the term is over, after the organisation's
  // term-membership grace period, not at the end of the current period.
  const termTransition =
    !options.date && subscription.termEndsAt && subscription.termEndsAt > today
      ? await termTransitionDate(db, subscription.organisationId, subscription.termEndsAt)
      : null
  const onDate = options.date ?? termTransition
  const takesEffectOn = onDate ?? subscription.currentPeriodEnd ?? today
  const updated = await updateAtVersion(
    db,
    subscription,
    {
      transitionToPriceId: to.id,
      transitionTakesEffectAt: onDate ? 'date' : 'period_end',
      transitionToDate: onDate ?? null,
    },
    now,
  )
  await db.insert(priceChangeHistory).values({
    organisationId: subscription.organisationId,
    subscriptionId: subscription.id,
    userId: subscription.userId,
    fromPriceId: subscription.priceId,
    toPriceId: to.id,
    fromAmount: subscription.forcePriceAmount ?? from?.amount ?? 0,
    toAmount: to.amount,
    takesEffectOn,
    scheduledByUserId: options.scheduledByUserId,
    createdAt: now,
  })
  await refreshSchedule({ db, subscriptionId: subscription.id, now })
  return { subscription: updated, takesEffectOn, from, to }
}

async function termTransitionDate(db: Db, organisationId: number, termEndsAt: CalendarDateString) {
  const [organisation] = await db
    .select({
      amount: organisations.termMembershipGracePeriod,
      unit: organisations.termMembershipGracePeriodUnit,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  if (!organisation) return termEndsAt
  if (organisation.unit === 'day') return addDays(termEndsAt, organisation.amount)
  if (organisation.unit === 'week') return addDays(termEndsAt, organisation.amount * 7)
  return addMonths(termEndsAt, organisation.amount)
}

/**
 * A payment staff took by hand (cash, bank transfer). It settles the oldest period still owed, so the
 * balance and the grace period follow; without anything owed it is recorded on its own.
 */
export async function recordManualPayment(options: {
  db: Db
  now: Date
  subscription: SubscriptionRow
  amount: number
  note?: string | null | undefined
  processedByUserId: number
}) {
  const { db, now, subscription } = options
  const [owed] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.subscriptionId, subscription.id),
        eq(payments.status, 'failed'),
        sql`not exists (select 1 from ${payments} s where s.subscription_id = ${payments.subscriptionId}
          and s.period_start_at = ${payments.periodStartAt} and s.status = 'sent')`,
      ),
    )
    .orderBy(payments.dueOn)
    .limit(1)
  const today = calendarDateAt(now)
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        organisationId: subscription.organisationId,
        subscriptionId: subscription.id,
        userId: subscription.userId,
        gymId: subscription.gymId,
        amount: options.amount,
        periodStartAt: owed?.periodStartAt ?? null,
        periodEndAt: owed?.periodEndAt ?? null,
        dueOn: today,
        status: 'sent',
        type: 'manual',
        isRetry: owed !== undefined,
        forceAmount: true,
        processedByUserId: options.processedByUserId,
        paidAt: now,
        meta: options.note ? { note: options.note } : {},
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (owed) {
      // Retries still waiting for the period are no longer wanted.
      await tx
        .update(payments)
        .set({ status: 'cancelled', updatedAt: now })
        .where(
          and(
            eq(payments.subscriptionId, subscription.id),
            eq(payments.status, 'upcoming'),
            eq(payments.isRetry, true),
            owed.periodStartAt === null
              ? isNull(payments.periodStartAt)
              : eq(payments.periodStartAt, owed.periodStartAt),
          ),
        )
    }
    await recalculateBalanceOwing({
      db: tx,
      now,
      organisationId: subscription.organisationId,
      subscriptionIds: [subscription.id],
    })
    return payment
  })
}

/**
 * An upcoming membership starting today instead: what it would cost now (the pro-rata part up to the
 * original start, plus the joining fee) and the move itself.
 */
export async function startEarlyData(options: { db: Db; now: Date; subscription: SubscriptionRow }) {
  const { db, now, subscription } = options
  const today = calendarDateAt(now)
  if (subscription.startDate <= today) throw new AppError('CONFLICT', 'The membership has already started.')
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
  const updated = await updateAtVersion(db, subscription, { upcomingState: null }, now)
  if (data.pro_rata_amount > 0) {
    const method = await memberPaymentMethod(db, subscription.userId)
    const first = firstPaymentAmount({
      price,
      forcePriceAmount: subscription.forcePriceAmount,
      proRata: { amount: data.pro_rata_amount, days: 1 },
    })
    await db.insert(payments).values({
      organisationId: subscription.organisationId,
      subscriptionId: subscription.id,
      userId: subscription.userId,
      gymId: subscription.gymId,
      amount: first.amount - first.joiningFee,
      dueOn: data.start_date,
      periodStartAt: null,
      periodEndAt: null,
      status: 'upcoming',
      type: method?.type ?? 'bank_account',
      paymentMethodId: method?.id ?? null,
      isProRata: true,
      meta: { start_early: true, until: data.original_start_date },
      createdAt: now,
      updatedAt: now,
    })
  }
  return { subscription: updated, ...data }
}

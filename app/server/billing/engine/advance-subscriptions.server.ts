import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { payments, priceChangeHistory, prices, subscriptions } from '~/db/schema'
import { addDays, type CalendarDateString, calendarDateAt, daysBetween } from '../calendar'
import { findMemberPaymentMethods } from '../member-payment-method.server'
import { membershipEndsOn, nextRenewal, recurringOrNull, renewalAmount, rollPeriod } from '../next-charge'
import { isRecurringFrequency, type Pause } from '../periods'
import { findSubscriptionPauses } from '../subscription-pauses.server'
import { findCardSurcharges, subscriptionPaymentValues } from '../subscription-payment.server'
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
type PriceRow = typeof prices.$inferSelect

/**
 * The daily schedule step (DESIGN §5), set-based: the subscriptions with work today are taken in
 * batches; each batch is one transaction that locks its rows (`FOR UPDATE SKIP LOCKED`, in id order),
 * reads their prices, pauses, payment methods and organisations in one query each, works out every
 * subscription's next state with the pure period functions (`planAdvance`), and writes the result in
 * a few multi-row statements: cancellations for non-payment, payments withdrawn, renewals and price
 * changes, and the next period's payments (`ON CONFLICT DO NOTHING` on the one-payment-per-period
 * index). Every step is idempotent, so a run killed half way is finished by the next, and two runs at
 * once share the work (a batch skips rows another transaction holds).
 */
export async function advanceSubscriptions(options: {
  db: Db
  now: Date
  batchSize?: number
  /** Batches worked on at once (default `billingPolicy`); a transaction passed as `db` needs 1. */
  lanes?: number
}) {
  const { db, now } = options
  const today = calendarDateAt(now)
  const stats: AdvanceStats = {
    renewed: 0,
    paymentsCreated: 0,
    cancelledForNonPayment: 0,
    priceChangesApplied: 0,
  }
  const candidates = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.isStaging, false), hasWorkToday(today, now)))
    .orderBy(asc(subscriptions.id))
  const ids = candidates.map((row) => row.id)
  const size = options.batchSize ?? billingPolicy.advanceBatchSize
  const batches: number[][] = []
  for (let from = 0; from < ids.length; from += size) batches.push(ids.slice(from, from + size))

  // Subscriptions another transaction holds (a second worker, a billing run recording a result, a
  // killed worker's connection not yet closed) are skipped at first, then waited for at the end: a
  // run that left one out would never create its next payment (a daily one's period would be lost).
  const skipped: number[] = []
  let next = 0
  let failed = false
  const lane = async () => {
    for (let index = next++; index < batches.length && !failed; index = next++) {
      const batch = batches[index]
      if (!batch) continue
      try {
        skipped.push(...(await advanceBatch({ db, ids: batch, now, today, stats, wait: false })))
      } catch (error) {
        // After an error the other lanes stop too, so nothing runs on once the run has failed.
        failed = true
        throw error
      }
    }
  }
  const lanes = Math.max(1, Math.min(options.lanes ?? billingPolicy.advanceLanes, batches.length))
  await Promise.all(Array.from({ length: lanes }, lane))
  skipped.sort((a, b) => a - b)
  for (let from = 0; from < skipped.length; from += size) {
    await advanceBatch({ db, ids: skipped.slice(from, from + size), now, today, stats, wait: true })
  }
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

/** What the schedule step does to one subscription today: worked out in memory, written in bulk. */
export interface AdvancePlan {
  subscriptionId: number
  /** A failed-payment grace period ran out with money owed: cancelled now, nothing else happens. */
  cancelForNonPayment: boolean
  /** An upcoming membership whose start date has come is simply running now. */
  started: boolean
  /** Upcoming payments due on or after this day are withdrawn (the membership ends before them). */
  cancelPaymentsFrom: CalendarDateString | null
  /** The current period rolled forward to the one containing today, and the price it is on. */
  renewal: { start: CalendarDateString; end: CalendarDateString; priceId: number; renewals: number } | null
  /** A scheduled price change taken on a renewal date on the way. */
  priceChange: { toPriceId: number; on: CalendarDateString } | null
  /** The next period's payment, created `upcoming` a week before it is due (`changed`: on a new price). */
  nextPayment: PlannedPayment | null
  /**
   * The payments of the periods the roll entered, due by today: made if missing (the membership was
   * made, or its payment ahead withdrawn, after the run that would have made it), so no period goes
   * uncharged; the one-payment-per-period index leaves those that exist alone.
   */
  catchUp: PlannedPayment[]
}

interface PlannedPayment {
  priceId: number
  start: CalendarDateString
  end: CalendarDateString
  changed: boolean
}

/**
 * The schedule step for one subscription as a pure function of its row, price and pauses (DESIGN §5):
 * close a grace period that ran out, start an upcoming membership, withdraw payments after a
 * cancellation, roll the current period forward applying a scheduled price change, and name the next
 * period's payment when it is due within the horizon.
 */
export function planAdvance(options: {
  subscription: SubscriptionRow
  price: Pick<PriceRow, 'billingFrequency'> | undefined
  /** The price a scheduled change moves to (its frequency may differ). */
  transitionPrice?: Pick<PriceRow, 'billingFrequency'> | undefined
  pauses: readonly Pause[]
  today: CalendarDateString
}): AdvancePlan {
  const { subscription, price, pauses, today } = options
  const plan: AdvancePlan = {
    subscriptionId: subscription.id,
    cancelForNonPayment: false,
    started: false,
    cancelPaymentsFrom: null,
    renewal: null,
    priceChange: null,
    nextPayment: null,
    catchUp: [],
  }
  // 1. A grace period that ran out with money still owed ends the membership now.
  if (
    !subscription.cancelledAt &&
    subscription.gracePeriodEndsAt !== null &&
    subscription.gracePeriodEndsAt < today &&
    subscription.balanceOwing > 0
  ) {
    return { ...plan, cancelForNonPayment: true, cancelPaymentsFrom: today }
  }
  plan.started = subscription.upcomingState === 'upcoming' && subscription.startDate <= today
  plan.cancelPaymentsFrom = membershipEndsOn(subscription)
  if (!price || !isRecurringFrequency(price.billingFrequency)) return plan
  const frequency = price.billingFrequency

  // 2. Roll the current period forward to the one containing today, applying a price change that
  //    takes effect on a renewal date on the way (the rule `nextCharge` reads too).
  const newFrequency = recurringOrNull(options.transitionPrice?.billingFrequency)
  const rolled = rollPeriod({ subscription, frequency, newFrequency, pauses, today })
  if (!rolled) return plan
  plan.priceChange = rolled.priceChange
  if (rolled.renewals > 0)
    plan.renewal = { ...rolled.current, priceId: rolled.priceId, renewals: rolled.renewals }
  plan.catchUp = rolled.crossed.map(({ priceId, start, end, changed }) => ({ priceId, start, end, changed }))

  // 3. The next period's payment, a week ahead, unless the membership ends before it.
  const next = nextRenewal({ subscription, newFrequency, pauses, rolled })
  if (!next || daysBetween(today, next.start) > UPCOMING_HORIZON_DAYS) return plan
  plan.nextPayment = { priceId: next.priceId, start: next.start, end: next.end, changed: next.changed }
  return plan
}

/**
 * One batch in one transaction: lock the rows (waiting for them with `wait`, else skipping those
 * another transaction holds, which are returned), read what the plans need in one query per table,
 * plan, and write. Returns the ids that were skipped.
 */
async function advanceBatch(options: {
  db: Db
  ids: readonly number[]
  now: Date
  today: CalendarDateString
  stats: AdvanceStats
  wait: boolean
}): Promise<number[]> {
  const { db, ids, now, today, stats } = options
  if (ids.length === 0) return []
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(subscriptions)
      .where(inArray(subscriptions.id, [...ids]))
      .orderBy(asc(subscriptions.id))
      .for('update', options.wait ? {} : { skipLocked: true })
    const locked = new Set(rows.map((row) => row.id))
    const skipped = options.wait ? [] : ids.filter((id) => !locked.has(id))
    if (rows.length === 0) return skipped

    const priceIds = new Set<number>()
    for (const row of rows) {
      priceIds.add(row.priceId)
      if (row.transitionToPriceId !== null) priceIds.add(row.transitionToPriceId)
    }
    const priceRows = await tx
      .select()
      .from(prices)
      .where(inArray(prices.id, [...priceIds]))
    const priceById = new Map(priceRows.map((price) => [price.id, price]))
    const pausesById = await findSubscriptionPauses({
      db: tx,
      subscriptionIds: rows.map((row) => row.id),
    })
    const plans = rows.map((subscription) =>
      planAdvance({
        subscription,
        price: priceById.get(subscription.priceId),
        transitionPrice:
          subscription.transitionToPriceId !== null
            ? priceById.get(subscription.transitionToPriceId)
            : undefined,
        pauses: pausesById.get(subscription.id) ?? [],
        today,
      }),
    )
    const subscriptionById = new Map(rows.map((row) => [row.id, row]))
    await writePlans(tx, { plans, subscriptionById, priceById, now, stats })
    return skipped
  })
}

async function writePlans(
  tx: Db,
  options: {
    plans: AdvancePlan[]
    subscriptionById: Map<number, SubscriptionRow>
    priceById: Map<number, PriceRow>
    now: Date
    stats: AdvanceStats
  },
) {
  const { plans, subscriptionById, priceById, now, stats } = options
  const at = sql`${now.toISOString()}::timestamptz`
  const list = <T, V>(items: readonly T[], pick: (item: T) => V) => sql.param(items.map(pick))

  const unpaid = plans.filter((plan) => plan.cancelForNonPayment).map((plan) => plan.subscriptionId)
  if (unpaid.length > 0) {
    await tx
      .update(subscriptions)
      .set({
        cancelledAt: now,
        undoCancellationUntil: now,
        cancellationReasons: ['unpaid'],
        version: sql`${subscriptions.version} + 1`,
        updatedAt: now,
      })
      .where(inArray(subscriptions.id, unpaid))
    stats.cancelledForNonPayment += unpaid.length
  }

  const withdrawals = plans.filter((plan) => plan.cancelPaymentsFrom !== null)
  if (withdrawals.length > 0) {
    await tx.execute(sql`
      update ${payments} as p set status = 'cancelled', updated_at = ${at}
      from unnest(${list(withdrawals, (plan) => plan.subscriptionId)}::int[],
        ${list(withdrawals, (plan) => plan.cancelPaymentsFrom)}::date[]) as v(subscription_id, from_day)
      where p.subscription_id = v.subscription_id and p.status = 'upcoming' and p.due_on >= v.from_day`)
  }

  const started = plans.filter((plan) => plan.started).map((plan) => plan.subscriptionId)
  if (started.length > 0) {
    await tx
      .update(subscriptions)
      .set({ upcomingState: null, updatedAt: now })
      .where(inArray(subscriptions.id, started))
  }

  const renewed = plans.filter((plan) => plan.renewal !== null)
  if (renewed.length > 0) {
    // A price change applied on the way clears the scheduled change in the same statement.
    await tx.execute(sql`
      update ${subscriptions} as s
      set current_period_start = v.period_start, current_period_end = v.period_end, price_id = v.price_id,
        transition_to_price_id = case when v.changed then null else s.transition_to_price_id end,
        transition_takes_effect_at = case when v.changed then null else s.transition_takes_effect_at end,
        transition_to_date = case when v.changed then null else s.transition_to_date end,
        force_price_amount = case when v.changed then null else s.force_price_amount end,
        updated_at = ${at}
      from unnest(${list(renewed, (plan) => plan.subscriptionId)}::int[],
        ${list(renewed, (plan) => plan.renewal?.start)}::date[],
        ${list(renewed, (plan) => plan.renewal?.end)}::date[],
        ${list(renewed, (plan) => plan.renewal?.priceId)}::int[],
        ${list(renewed, (plan) => plan.priceChange !== null)}::boolean[])
        as v(id, period_start, period_end, price_id, changed)
      where s.id = v.id`)
    for (const plan of renewed) stats.renewed += plan.renewal?.renewals ?? 0
  }

  const changes = plans.filter((plan) => plan.priceChange !== null)
  if (changes.length > 0) {
    await tx.execute(sql`
      update ${priceChangeHistory} as h set applied_at = ${at}
      from unnest(${list(changes, (plan) => plan.subscriptionId)}::int[],
        ${list(changes, (plan) => plan.priceChange?.toPriceId)}::int[],
        ${list(changes, (plan) => plan.priceChange?.on)}::date[]) as v(subscription_id, to_price_id, on_day)
      where h.subscription_id = v.subscription_id and h.to_price_id = v.to_price_id
        and h.applied_at is null and h.takes_effect_on <= v.on_day`)
    stats.priceChangesApplied += changes.length
  }

  const due = plans.filter((plan) => plan.nextPayment !== null || plan.catchUp.length > 0)
  if (due.length === 0) return
  const dueSubscriptions = due.flatMap((plan) => subscriptionById.get(plan.subscriptionId) ?? [])
  const methods = await findMemberPaymentMethods({
    db: tx,
    userIds: dueSubscriptions.map((subscription) => subscription.userId),
  })
  const surcharges = await findCardSurcharges({
    db: tx,
    organisationIds: dueSubscriptions.map((subscription) => subscription.organisationId),
  })
  const values = due.flatMap((plan) => {
    const subscription = subscriptionById.get(plan.subscriptionId)
    if (!subscription) return []
    return [...plan.catchUp, ...(plan.nextPayment ? [plan.nextPayment] : [])].flatMap((next) => {
      const price = priceById.get(next.priceId)
      if (!price) return []
      return [
        subscriptionPaymentValues({
          subscription,
          amount: renewalAmount({ subscription, price, changed: next.changed }),
          method: methods.get(subscription.userId) ?? null,
          surcharge: surcharges.get(subscription.organisationId) ?? null,
          dueOn: next.start,
          period: { start: next.start, end: next.end },
          now,
        }),
      ]
    })
  })
  if (values.length === 0) return
  const inserted = await tx
    .insert(payments)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: payments.id })
  stats.paymentsCreated += inserted.length
}

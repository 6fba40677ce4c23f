import { inArray } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { payments, prices, subscriptions } from '~/db/schema'
import { calendarDateAt } from './calendar'
import { findMemberPaymentMethods } from './member-payment-method.server'
import { type NextCharge, nextCharge, priceChangeTakesEffectOn, type ScheduledPayment } from './next-charge'
import { findSubscriptionPauses } from './subscription-pauses.server'
import { findCardSurcharges } from './subscription-payment.server'

/**
 * `nextCharge` for these subscriptions, read from the database in one query per table: what every
 * screen, API answer and e-mail states as a member's next charge (ADR 031). Subscriptions that are
 * missing are left out; a membership with nothing more to charge maps to null.
 */
export async function findNextCharges(options: {
  db: Db
  subscriptionIds: readonly number[]
  now: Date
}): Promise<Map<number, NextCharge | null>> {
  const schedules = await findChargeSchedules(options)
  return new Map([...schedules].map(([id, schedule]) => [id, schedule.nextCharge]))
}

export interface ChargeSchedule {
  nextCharge: NextCharge | null
  /** The renewal a scheduled price change is first charged on; null when none or it never applies. */
  priceChangeOn: string | null
}

/** `findNextCharges` with the day a scheduled price change takes effect (`priceChangeTakesEffectOn`). */
export async function findChargeSchedules(options: {
  db: Db
  subscriptionIds: readonly number[]
  now: Date
}): Promise<Map<number, ChargeSchedule>> {
  const { db, now } = options
  const ids = [...new Set(options.subscriptionIds)]
  const answer = new Map<number, ChargeSchedule>()
  if (ids.length === 0) return answer
  const rows = await db.select().from(subscriptions).where(inArray(subscriptions.id, ids))
  if (rows.length === 0) return answer
  const priceIds = new Set<number>()
  for (const row of rows) {
    priceIds.add(row.priceId)
    if (row.transitionToPriceId !== null) priceIds.add(row.transitionToPriceId)
  }
  const [priceRows, paymentRows, pauses, methods, surcharges] = await Promise.all([
    db
      .select({ id: prices.id, amount: prices.amount, billingFrequency: prices.billingFrequency })
      .from(prices)
      .where(inArray(prices.id, [...priceIds])),
    db
      .select({
        subscriptionId: payments.subscriptionId,
        id: payments.id,
        dueOn: payments.dueOn,
        amount: payments.amount,
        surcharge: payments.surcharge,
        creditUsed: payments.creditUsed,
        status: payments.status,
        type: payments.type,
        isRetry: payments.isRetry,
        periodStartAt: payments.periodStartAt,
      })
      .from(payments)
      .where(inArray(payments.subscriptionId, ids)),
    findSubscriptionPauses({ db, subscriptionIds: ids }),
    findMemberPaymentMethods({ db, userIds: rows.map((row) => row.userId) }),
    findCardSurcharges({ db, organisationIds: rows.map((row) => row.organisationId) }),
  ])
  const priceById = new Map(priceRows.map((price) => [price.id, price]))
  const paymentsById = new Map<number, ScheduledPayment[]>()
  for (const { subscriptionId, ...payment } of paymentRows) {
    const list = paymentsById.get(subscriptionId)
    if (list) list.push(payment)
    else paymentsById.set(subscriptionId, [payment])
  }
  for (const subscription of rows) {
    const price = priceById.get(subscription.priceId)
    if (!price || subscription.isStaging) {
      answer.set(subscription.id, { nextCharge: null, priceChangeOn: null })
      continue
    }
    const subscriptionPauses = pauses.get(subscription.id) ?? []
    answer.set(subscription.id, {
      priceChangeOn: priceChangeTakesEffectOn({
        subscription,
        frequency: price.billingFrequency,
        pauses: subscriptionPauses,
        today: calendarDateAt(now),
      }),
      nextCharge: nextCharge({
        subscription,
        price,
        transitionPrice:
          subscription.transitionToPriceId !== null
            ? (priceById.get(subscription.transitionToPriceId) ?? null)
            : null,
        pauses: subscriptionPauses,
        method: methods.get(subscription.userId) ?? null,
        surcharge: surcharges.get(subscription.organisationId) ?? null,
        payments: paymentsById.get(subscription.id) ?? [],
        now,
      }),
    })
  }
  return answer
}

/** `findNextCharges` for one subscription: its next charge, or null when nothing more is charged. */
export async function findNextCharge(options: {
  db: Db
  subscriptionId: number
  now: Date
}): Promise<NextCharge | null> {
  const charges = await findNextCharges({
    db: options.db,
    subscriptionIds: [options.subscriptionId],
    now: options.now,
  })
  return charges.get(options.subscriptionId) ?? null
}

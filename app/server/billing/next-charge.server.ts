import { inArray } from 'drizzle-orm'
import type { PaymentMethodType } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { payments, prices, subscriptions } from '~/db/schema'
import type { CardSurchargeSettings } from './amounts'
import { calendarDateAt } from './calendar'
import { findMemberPaymentMethods } from './member-payment-method.server'
import {
  type NextCharge,
  nextCharge,
  priceChangeTakesEffectOn,
  type ScheduledPayment,
  surchargeFor,
} from './next-charge'
import type { Pause } from './periods'
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
  withMethod?: MethodOverride
}): Promise<Map<number, NextCharge | null>> {
  const schedules = await findChargeSchedules(options)
  return new Map([...schedules].map(([id, schedule]) => [id, schedule.nextCharge]))
}

export interface ChargeSchedule {
  nextCharge: NextCharge | null
  /** The renewal a scheduled price change is first charged on; null when none or it never applies. */
  priceChangeOn: string | null
}

/**
 * The charge as it would be if one member paid with a method of another type (the preview of a change
 * of method, issue 25): their method is that type, and their upcoming payments take it with the
 * surcharge re-derived by `surchargeFor`, as `switchPaymentMethod` moves them when they agree.
 */
export interface MethodOverride {
  userId: number
  type: PaymentMethodType
}

/** A price as the next charge reads it. */
export type KnownPrice = Pick<typeof prices.$inferSelect, 'id' | 'amount' | 'billingFrequency'>

/** `findNextCharges` with the day a scheduled price change takes effect (`priceChangeTakesEffectOn`). */
export async function findChargeSchedules(options: {
  db: Db
  subscriptionIds: readonly number[]
  now: Date
  withMethod?: MethodOverride
  /**
   * Rows the caller has just read or written (a change to one membership): the subscriptions and their
   * prices (current and booked), so they are not read again.
   */
  known?: {
    subscriptions: Array<typeof subscriptions.$inferSelect>
    prices: KnownPrice[]
    /** Their pauses, when the caller has just read them. */
    pauses?: Map<number, Pause[]>
  }
}): Promise<Map<number, ChargeSchedule>> {
  const { db, now, known } = options
  const ids = [...new Set(options.subscriptionIds)]
  const answer = new Map<number, ChargeSchedule>()
  if (ids.length === 0) return answer
  const rows = known
    ? known.subscriptions.filter((row) => ids.includes(row.id))
    : await db.select().from(subscriptions).where(inArray(subscriptions.id, ids))
  if (rows.length === 0) return answer
  const priceIds = new Set<number>()
  for (const row of rows) {
    priceIds.add(row.priceId)
    if (row.transitionToPriceId !== null) priceIds.add(row.transitionToPriceId)
  }
  const [priceRows, paymentRows, pauses, methods, surcharges] = await readTogether(db, [
    () =>
      known
        ? known.prices
        : db
            .select({ id: prices.id, amount: prices.amount, billingFrequency: prices.billingFrequency })
            .from(prices)
            .where(inArray(prices.id, [...priceIds])),
    () =>
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
    () => known?.pauses ?? findSubscriptionPauses({ db, subscriptionIds: ids }),
    () => findMemberPaymentMethods({ db, userIds: rows.map((row) => row.userId) }),
    () => findCardSurcharges({ db, organisationIds: rows.map((row) => row.organisationId) }),
  ])
  const priceById = new Map(priceRows.map((price) => [price.id, price]))
  const paymentsById = new Map<number, ScheduledPayment[]>()
  for (const { subscriptionId, ...payment } of paymentRows) {
    const list = paymentsById.get(subscriptionId)
    if (list) list.push(payment)
    else paymentsById.set(subscriptionId, [payment])
  }
  const override = options.withMethod
  for (const subscription of rows) {
    const price = priceById.get(subscription.priceId)
    if (!price || subscription.isStaging) {
      answer.set(subscription.id, { nextCharge: null, priceChangeOn: null })
      continue
    }
    const subscriptionPauses = pauses.get(subscription.id) ?? []
    const settings = surcharges.get(subscription.organisationId) ?? null
    const overridden = override?.userId === subscription.userId ? override : null
    const subscriptionPayments = paymentsById.get(subscription.id) ?? []
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
        method: overridden ? { type: overridden.type } : (methods.get(subscription.userId) ?? null),
        surcharge: settings,
        payments: overridden
          ? subscriptionPayments.map((payment) => movedTo(payment, overridden.type, settings))
          : subscriptionPayments,
        now,
      }),
    })
  }
  return answer
}

/** An upcoming card or bank payment as `movePaymentsTo` leaves it on a method of `type`. */
function movedTo(
  payment: ScheduledPayment,
  type: PaymentMethodType,
  settings: CardSurchargeSettings | null,
): ScheduledPayment {
  if (payment.status !== 'upcoming') return payment
  if (payment.type !== 'bank_account' && payment.type !== 'stripe_card') return payment
  return { ...payment, type, surcharge: surchargeFor({ amount: payment.amount, type, settings }) }
}

/** `findNextCharges` for one subscription: its next charge, or null when nothing more is charged. */
export async function findNextCharge(options: {
  db: Db
  subscriptionId: number
  now: Date
  withMethod?: MethodOverride
}): Promise<NextCharge | null> {
  const charges = await findNextCharges({
    db: options.db,
    subscriptionIds: [options.subscriptionId],
    now: options.now,
    withMethod: options.withMethod,
  })
  return charges.get(options.subscriptionId) ?? null
}

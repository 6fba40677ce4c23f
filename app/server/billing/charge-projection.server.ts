import { eq, inArray } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { payments, prices, type subscriptions } from '~/db/schema'
import type { CardSurchargeSettings } from './amounts'
import { addDays, type CalendarDateString, calendarDateAt } from './calendar'
import { projectCharges } from './charge-projection'
import { findMemberPaymentMethods, type MemberPaymentMethod } from './member-payment-method.server'
import {
  chargesStopFrom,
  membershipEndsOn,
  type NextCharge,
  priceChangeTakesEffectOn,
  renewalAmount,
  surchargeFor,
} from './next-charge'
import type { Pause } from './periods'
import { findSubscriptionPauses } from './subscription-pauses.server'
import { findCardSurcharges } from './subscription-payment.server'

type SubscriptionRow = typeof subscriptions.$inferSelect
type ProjectionPrice = Pick<typeof prices.$inferSelect, 'id' | 'amount' | 'billingFrequency'>

/** What happens on the way through the projection, by the engine's own rules. */
export type ChargeMarker =
  | { kind: 'pause'; on: CalendarDateString; until: CalendarDateString }
  | { kind: 'price_change'; on: CalendarDateString; amount: number; surcharge: number; total: number }
  | { kind: 'term_end'; on: CalendarDateString }
  | { kind: 'membership_end'; on: CalendarDateString; reason: 'cancelled' | 'unpaid' }

export interface ChargeProjection {
  /** Every charge from `now` to `until`, the first being the membership's next charge. */
  charges: NextCharge[]
  markers: ChargeMarker[]
  /** The first day nothing more is charged (`chargesStopFrom`), if any. */
  stopsFrom: CalendarDateString | null
}

/**
 * A membership's charges to `until` (`projectCharges`), read as `findChargeSchedules` reads a next
 * charge: the subscription's payments, pauses, the member's method and the card surcharge, one query
 * per table; and the markers the calendar shows where they fall: its pauses, the day a scheduled price
 * change is first charged (`priceChangeTakesEffectOn`) with the new amount (`renewalAmount`,
 * `surchargeFor`), the term's end, and the day charges stop (`chargesStopFrom`).
 */
export async function findChargeProjection(options: {
  db: Db
  subscription: SubscriptionRow
  now: Date
  until: CalendarDateString
}): Promise<ChargeProjection> {
  const { db, subscription, now, until } = options
  const priceIds = [subscription.priceId]
  if (subscription.transitionToPriceId !== null) priceIds.push(subscription.transitionToPriceId)
  const [priceRows, paymentRows, pauses, methods, surcharges] = await readTogether(db, [
    () =>
      db
        .select({ id: prices.id, amount: prices.amount, billingFrequency: prices.billingFrequency })
        .from(prices)
        .where(inArray(prices.id, priceIds)),
    () =>
      db
        .select({
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
        .where(eq(payments.subscriptionId, subscription.id)),
    () => findSubscriptionPauses({ db, subscriptionIds: [subscription.id] }),
    () => findMemberPaymentMethods({ db, userIds: [subscription.userId] }),
    () => findCardSurcharges({ db, organisationIds: [subscription.organisationId] }),
  ])
  const price = priceRows.find((row) => row.id === subscription.priceId)
  const stopsFrom = chargesStopFrom(subscription)
  if (!price || subscription.isStaging) return { charges: [], markers: [], stopsFrom }
  const transitionPrice =
    subscription.transitionToPriceId !== null
      ? (priceRows.find((row) => row.id === subscription.transitionToPriceId) ?? null)
      : null
  const subscriptionPauses = pauses.get(subscription.id) ?? []
  const method = methods.get(subscription.userId) ?? null
  const settings = surcharges.get(subscription.organisationId) ?? null
  const charges = projectCharges({
    subscription,
    price,
    transitionPrice,
    pauses: subscriptionPauses,
    method,
    surcharge: settings,
    payments: paymentRows,
    now,
    until,
  })
  const markers = chargeMarkers({
    subscription,
    price,
    transitionPrice,
    pauses: subscriptionPauses,
    method,
    settings,
    today: calendarDateAt(now),
    until,
  })
  return { charges, markers, stopsFrom }
}

/** The pauses, price change, term end and membership end from `today` to `until`, in day order. */
export function chargeMarkers(options: {
  subscription: SubscriptionRow
  price: ProjectionPrice
  transitionPrice: ProjectionPrice | null
  pauses: readonly Pause[]
  method: Pick<MemberPaymentMethod, 'type'> | null
  settings: CardSurchargeSettings | null
  today: CalendarDateString
  until: CalendarDateString
}): ChargeMarker[] {
  const { subscription, pauses, today, until } = options
  const within = (day: CalendarDateString) => day >= today && day <= until
  const markers: ChargeMarker[] = []
  for (const pause of pauses) {
    // The maths keeps the day membership resumes; people are told the last paused day.
    const lastDay = addDays(pause.end, -1)
    if (lastDay >= today && pause.start <= until)
      markers.push({ kind: 'pause', on: pause.start, until: lastDay })
  }
  const changeOn = priceChangeTakesEffectOn({
    subscription,
    frequency: options.price.billingFrequency,
    pauses,
    today,
  })
  if (changeOn !== null && within(changeOn) && options.transitionPrice) {
    const amount = renewalAmount({ subscription, price: options.transitionPrice, changed: true })
    const surcharge = surchargeFor({
      amount,
      type: options.method?.type ?? null,
      settings: options.settings,
    })
    markers.push({ kind: 'price_change', on: changeOn, amount, surcharge, total: amount + surcharge })
  }
  const stopsFrom = chargesStopFrom(subscription)
  if (subscription.termEndsAt !== null && within(subscription.termEndsAt)) {
    if (stopsFrom === null || subscription.termEndsAt < stopsFrom)
      markers.push({ kind: 'term_end', on: subscription.termEndsAt })
  }
  if (stopsFrom !== null && within(stopsFrom)) {
    const reason = membershipEndsOn(subscription) !== null ? 'cancelled' : 'unpaid'
    markers.push({ kind: 'membership_end', on: stopsFrom, reason })
  }
  return markers.sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0))
}

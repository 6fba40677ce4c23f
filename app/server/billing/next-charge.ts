import type { PaymentMethodType } from '~/contracts/enums'
import { chargedCents } from '~/contracts/payments'
import type { payments, prices, subscriptions } from '~/db/schema'
import { type CardSurchargeSettings, cardSurcharge, periodAmount } from './amounts'
import {
  addDays,
  type CalendarDateString,
  calendarDateAt,
  earlierDate,
  instantAt,
  laterDate,
} from './calendar'
import { billingPeriodOn, isRecurringFrequency, type Pause, type RecurringBillingFrequency } from './periods'

/**
 * What a member is charged next, and the schedule rules the billing engine charges by (ADR 031). Pure:
 * plain rows and the clock in, plain values out. The engine's schedule step (`planAdvance`), the
 * payments it creates (`periodPaymentValues`), the charge step (`chargedTotal`), the member's page, the
 * member's welcome page and e-mails all read these functions, so what people are told is what the
 * engine does.
 */

type SubscriptionRow = typeof subscriptions.$inferSelect
type PriceRow = typeof prices.$inferSelect
type PaymentRow = typeof payments.$inferSelect

/** The daily billing run's time, Auckland (`billing.daily`): what is due by a day is taken at its run. */
export const DAILY_RUN_TIME = '06:00'

/** The subscription's columns the schedule reads. */
export type ScheduleSubscription = Pick<
  SubscriptionRow,
  | 'startDate'
  | 'currentPeriodStart'
  | 'currentPeriodEnd'
  | 'priceId'
  | 'transitionToPriceId'
  | 'transitionTakesEffectAt'
  | 'transitionToDate'
  | 'forcePriceAmount'
  | 'cancelledAt'
  | 'undoCancellationUntil'
  | 'gracePeriodEndsAt'
  | 'balanceOwing'
>

/** The surcharge a payment of `amount` carries when charged to a method of `type`: a card's only. */
export function surchargeFor(options: {
  amount: number
  type: PaymentMethodType | null
  settings: CardSurchargeSettings | null | undefined
}): number {
  const { amount, type, settings } = options
  return type === 'stripe_card' && settings ? cardSurcharge({ amount, settings }) : 0
}

/**
 * What the engine takes for a payment row: `chargedCents`, the rule the payments list and the member's
 * Payments tab show, applied to a row.
 */
export function chargedTotal(payment: Pick<PaymentRow, 'amount' | 'surcharge' | 'creditUsed'>): number {
  return chargedCents({
    amount: payment.amount,
    surcharge: payment.surcharge,
    credit_used: payment.creditUsed,
  })
}

/**
 * What charging an owed period now (a retry by hand, the payment link) takes from a method of `type`:
 * the failed payment's amount less credit, plus that method's own surcharge (not the surcharge of the
 * method it failed on). The pay page shows it per method and `claimOwedPeriodCharge` charges it.
 */
export function owedPeriodCharge(options: {
  failed: Pick<PaymentRow, 'amount' | 'creditUsed'>
  type: PaymentMethodType
  settings: CardSurchargeSettings | null | undefined
}): { amount: number; surcharge: number; total: number } {
  const { failed, type, settings } = options
  const surcharge = surchargeFor({ amount: failed.amount, type, settings })
  const total = chargedTotal({ amount: failed.amount, surcharge, creditUsed: failed.creditUsed })
  return { amount: total - surcharge, surcharge, total }
}

/** The day a cancelled membership stops: its renewal date at cancellation (no payment from then on). */
export function membershipEndsOn(
  subscription: Pick<SubscriptionRow, 'cancelledAt' | 'undoCancellationUntil'>,
): CalendarDateString | null {
  if (!subscription.cancelledAt) return null
  return calendarDateAt(subscription.undoCancellationUntil ?? subscription.cancelledAt)
}

/**
 * The first day from which nothing more is charged as things stand: a cancelled membership's end, or
 * the day after a failed-payment grace period that ends with money still owed (the schedule step
 * cancels the membership that day, and the charge step takes nothing due from it).
 */
export function chargesStopFrom(subscription: ScheduleSubscription): CalendarDateString | null {
  const endsOn = membershipEndsOn(subscription)
  if (endsOn !== null) return endsOn
  if (subscription.gracePeriodEndsAt !== null && subscription.balanceOwing > 0)
    return addDays(subscription.gracePeriodEndsAt, 1)
  return null
}

/** Whether a scheduled price change applies to the period starting `periodStart`. */
export function priceChangeDue(
  subscription: Pick<
    ScheduleSubscription,
    'transitionToPriceId' | 'transitionTakesEffectAt' | 'transitionToDate'
  >,
  periodStart: CalendarDateString,
): boolean {
  if (subscription.transitionToPriceId === null) return false
  if (subscription.transitionTakesEffectAt === 'date') {
    return subscription.transitionToDate !== null && subscription.transitionToDate <= periodStart
  }
  return true
}

/**
 * One period's amount on a price: a staff-forced amount belongs to the price it was set on, so a period
 * on the price a scheduled change moves to costs that price's amount (the engine clears the forced
 * amount when it applies the change).
 */
export function renewalAmount(options: {
  subscription: Pick<ScheduleSubscription, 'forcePriceAmount'>
  price: Pick<PriceRow, 'amount'>
  changed: boolean
}): number {
  const { subscription, price, changed } = options
  return changed
    ? periodAmount({ price })
    : periodAmount({ price, forcePriceAmount: subscription.forcePriceAmount })
}

export interface RolledPeriod {
  /** The current period, rolled forward to the one containing `today`. */
  current: { start: CalendarDateString; end: CalendarDateString }
  /** The price the membership is on after the roll. */
  priceId: number
  /** A scheduled change taken on a renewal on the way. */
  priceChange: { toPriceId: number; on: CalendarDateString } | null
  renewals: number
  /**
   * The periods the roll entered (each renewal on the way, the current one last): each is charged on
   * its first day, so one whose payment was never created (the membership made, or its payment ahead
   * withdrawn, after the run that would have created it) is created and taken at once.
   */
  crossed: Renewal[]
  /** The billing frequency of the price it is on after the roll. */
  frequency: RecurringBillingFrequency
}

/**
 * The period that starts on the renewal `start` when a price change moves the membership to a price
 * billed `frequency`: it ends on that frequency's next billing date (from the anchor, as every period),
 * so the periods on the new price never overlap the ones charged on the old.
 */
function periodOnNewPrice(options: {
  subscription: Pick<ScheduleSubscription, 'startDate'>
  frequency: RecurringBillingFrequency
  start: CalendarDateString
  pauses: readonly Pause[]
}) {
  const { subscription, frequency, start, pauses } = options
  return {
    start,
    end: billingPeriodOn({ anchor: subscription.startDate, frequency, date: start, pauses }).end,
  }
}

/**
 * The current period rolled forward to the one containing `today`, applying a scheduled price change
 * on the renewal it names, and stopping at the membership's end (no renewal on or after it).
 */
export function rollPeriod(options: {
  subscription: ScheduleSubscription
  frequency: RecurringBillingFrequency
  /** The billing frequency of the price a scheduled change moves to (when it is recurring). */
  newFrequency?: RecurringBillingFrequency | null | undefined
  pauses: readonly Pause[]
  today: CalendarDateString
}): RolledPeriod | null {
  const { subscription, pauses, today } = options
  let frequency = options.frequency
  if (subscription.currentPeriodEnd === null) return null
  const endsOn = membershipEndsOn(subscription)
  let current = {
    start: subscription.currentPeriodStart ?? subscription.startDate,
    end: subscription.currentPeriodEnd,
  }
  let priceId = subscription.priceId
  let priceChange: RolledPeriod['priceChange'] = null
  let renewals = 0
  const crossed: Renewal[] = []
  while (current.end <= today && (endsOn === null || current.end < endsOn)) {
    let next = billingPeriodOn({ anchor: subscription.startDate, frequency, date: current.end, pauses })
    const applies = priceId === subscription.priceId && priceChangeDue(subscription, next.start)
    if (applies) {
      priceId = subscription.transitionToPriceId ?? subscription.priceId
      priceChange = { toPriceId: priceId, on: next.start }
      if (options.newFrequency && options.newFrequency !== frequency) {
        frequency = options.newFrequency
        next = { ...next, ...periodOnNewPrice({ subscription, frequency, start: next.start, pauses }) }
      }
    }
    current = { start: next.start, end: next.end }
    crossed.push({ ...current, priceId, changed: priceChange !== null, newPrice: applies })
    renewals += 1
  }
  return { current, priceId, priceChange, renewals, crossed, frequency }
}

export interface Renewal {
  start: CalendarDateString
  end: CalendarDateString
  priceId: number
  /** On a scheduled price change's new price (applied on this renewal or an earlier one). */
  changed: boolean
  /** The first period on the new price: the change applies on this renewal. */
  newPrice: boolean
}

/**
 * The period after the (rolled) current one and the price it is charged at, or null when the
 * membership ends before it starts.
 */
export function nextRenewal(options: {
  subscription: ScheduleSubscription
  /** As for `rollPeriod`. */
  newFrequency?: RecurringBillingFrequency | null | undefined
  pauses: readonly Pause[]
  rolled: RolledPeriod
}): Renewal | null {
  const { subscription, pauses, rolled } = options
  const frequency = rolled.frequency
  const endsOn = membershipEndsOn(subscription)
  if (endsOn !== null && rolled.current.end >= endsOn) return null
  const next = billingPeriodOn({
    anchor: subscription.startDate,
    frequency,
    date: rolled.current.end,
    pauses,
  })
  const pending = rolled.priceId === subscription.priceId && priceChangeDue(subscription, next.start)
  const changed = pending || rolled.priceChange !== null
  const newFrequency = options.newFrequency
  const end =
    pending && newFrequency && newFrequency !== frequency
      ? periodOnNewPrice({ subscription, frequency: newFrequency, start: next.start, pauses }).end
      : next.end
  return {
    start: next.start,
    end,
    priceId: pending ? (subscription.transitionToPriceId ?? rolled.priceId) : rolled.priceId,
    changed,
    newPrice: pending,
  }
}

/**
 * The renewal day a scheduled price change is first charged on, or null when there is none or it will
 * never take effect (the membership ends first). A change booked for a day inside a period applies on
 * the next renewal on or after that day, as the engine applies it.
 */
export function priceChangeTakesEffectOn(options: {
  subscription: ScheduleSubscription
  frequency: BillingFrequencyOrNull
  pauses: readonly Pause[]
  today: CalendarDateString
}): CalendarDateString | null {
  const { subscription, frequency, pauses, today } = options
  if (subscription.transitionToPriceId === null || !frequency || !isRecurringFrequency(frequency)) return null
  const rolled = rollPeriod({ subscription, frequency, pauses, today })
  if (!rolled) return null
  if (rolled.priceChange) return null // applied already on the way (the schedule step writes it today)
  const endsOn = membershipEndsOn(subscription)
  let start = rolled.current.end
  // A change booked years ahead is still found; a weekly membership renews ~52 times a year.
  for (let step = 0; step < 2000; step += 1) {
    if (endsOn !== null && start >= endsOn) return null
    const period = billingPeriodOn({ anchor: subscription.startDate, frequency, date: start, pauses })
    if (priceChangeDue(subscription, period.start)) return period.start
    start = period.end
  }
  return null
}

type BillingFrequencyOrNull = PriceRow['billingFrequency'] | null | undefined

/** A payment of the subscription as the next-charge rule reads it. */
export type ScheduledPayment = Pick<
  PaymentRow,
  'id' | 'dueOn' | 'amount' | 'surcharge' | 'creditUsed' | 'status' | 'type' | 'isRetry' | 'periodStartAt'
>

export type NextChargeKind = 'first_payment' | 'renewal' | 'retry'

export interface NextCharge {
  /** The day the engine takes it (a payment already due is taken at the next daily run, 06:00). */
  on: CalendarDateString
  /** Cents before the surcharge, less any credit used. */
  amount: number
  /** The card surcharge on it (0 by bank account). */
  surcharge: number
  /** What is taken: `amount + surcharge`. */
  total: number
  /** A retry of a failed payment, the membership's first payment, or a renewal. */
  kind: NextChargeKind
  /** It is charged at a scheduled price change's new price. */
  newPrice: boolean
  /** The method type it is charged to; null when the member has none yet (billed by bank account). */
  methodType: PaymentMethodType | null
}

/**
 * What the member is charged next, as things stand on `now` — ONE rule for every screen, e-mail and
 * the engine (ADR 031):
 * - the payments the engine has already created and not yet charged (`upcoming`: a renewal a week
 *   ahead, a membership's first payment, a retry of a failed payment — an owed failure is taken next
 *   only through its retry; one with no retry left is owed, not charged), with the amounts and
 *   surcharge stored on them, which is what the charge step takes;
 * - otherwise the next renewal the schedule step will create: the period after the current one (pauses
 *   move it), at the scheduled price change's new price when that renewal is on or after the change's
 *   day, at the forced amount otherwise, plus the card surcharge when the member's method is a card;
 * - nothing due on or after the day charges stop (`chargesStopFrom`: the end of a cancelled membership,
 *   or the day after a grace period that runs out with money owed);
 * - the earliest day wins; payments due the same day are added up (they are taken in the same run).
 * The engine applies no credit days or credit balance of its own; `credit_used` stored on a payment
 * is taken off, as the charge step does.
 */
export function nextCharge(options: {
  subscription: ScheduleSubscription
  price: Pick<PriceRow, 'id' | 'amount' | 'billingFrequency'>
  /** The price a scheduled change moves to (`transition_to_price_id`), if any. */
  transitionPrice: Pick<PriceRow, 'id' | 'amount' | 'billingFrequency'> | null
  pauses: readonly Pause[]
  /** The member's payment method (`chooseMemberPaymentMethod`), or null when they have none. */
  method: { type: PaymentMethodType } | null
  surcharge: CardSurchargeSettings | null
  /** The subscription's payments (any status; only upcoming card and bank ones count). */
  payments: readonly ScheduledPayment[]
  now: Date
}): NextCharge | null {
  const { subscription, price, now } = options
  const today = calendarDateAt(now)
  // What is due by today is taken at today's run, or at tomorrow's once today's has been.
  const firstRun = now < instantAt(today, DAILY_RUN_TIME) ? today : addDays(today, 1)
  const stopFrom = chargesStopFrom(subscription)
  const candidates: NextCharge[] = []
  let firstPaymentId: number | null = null
  for (const payment of options.payments) {
    if (firstPaymentId === null || payment.id < firstPaymentId) firstPaymentId = payment.id
  }
  for (const payment of options.payments) {
    if (payment.status !== 'upcoming') continue
    if (payment.type !== 'bank_account' && payment.type !== 'stripe_card') continue
    if (stopFrom !== null && payment.dueOn >= stopFrom) continue
    const total = chargedTotal(payment)
    candidates.push({
      on: laterDate(payment.dueOn, firstRun),
      amount: total - payment.surcharge,
      surcharge: payment.surcharge,
      total,
      kind: payment.isRetry ? 'retry' : payment.id === firstPaymentId ? 'first_payment' : 'renewal',
      newPrice: false,
      methodType: payment.type,
    })
  }

  for (const renewal of projectedRenewals({ ...options, today })) {
    if (stopFrom !== null && renewal.start >= stopFrom) continue
    const created = options.payments.some(
      (payment) =>
        !payment.isRetry && payment.status !== 'cancelled' && payment.periodStartAt === renewal.start,
    )
    const renewalPrice =
      renewal.priceId === price.id
        ? price
        : options.transitionPrice?.id === renewal.priceId
          ? options.transitionPrice
          : null
    if (!created && renewalPrice) {
      const amount = renewalAmount({ subscription, price: renewalPrice, changed: renewal.changed })
      const type = options.method?.type ?? null
      const surcharge = surchargeFor({ amount, type, settings: options.surcharge })
      candidates.push({
        on: laterDate(renewal.start, firstRun),
        amount,
        surcharge,
        total: amount + surcharge,
        kind: 'renewal',
        newPrice: renewal.newPrice,
        methodType: type,
      })
    }
  }
  if (candidates.length === 0) return null
  const on = candidates.reduce((day, candidate) => earlierDate(day, candidate.on), candidates[0]!.on)
  const that = candidates.filter((candidate) => candidate.on === on)
  if (that.length === 1) return that[0]!
  const amount = that.reduce((sum, candidate) => sum + candidate.amount, 0)
  const surcharge = that.reduce((sum, candidate) => sum + candidate.surcharge, 0)
  return {
    on,
    amount,
    surcharge,
    total: amount + surcharge,
    kind: that.some((candidate) => candidate.kind === 'renewal') ? 'renewal' : that[0]!.kind,
    newPrice: that.some((candidate) => candidate.newPrice),
    methodType: that[0]!.methodType,
  }
}

/**
 * The renewals the schedule step creates payments for, as `planAdvance` works them out: the periods a
 * roll to today enters (created at once if missing) and the next one.
 */
export function projectedRenewals(options: {
  subscription: ScheduleSubscription
  price: Pick<PriceRow, 'billingFrequency'>
  transitionPrice: Pick<PriceRow, 'billingFrequency'> | null
  pauses: readonly Pause[]
  today: CalendarDateString
}): Renewal[] {
  const { subscription, price, pauses, today } = options
  if (!isRecurringFrequency(price.billingFrequency)) return []
  const newFrequency = recurringOrNull(options.transitionPrice?.billingFrequency)
  const rolled = rollPeriod({ subscription, frequency: price.billingFrequency, newFrequency, pauses, today })
  if (!rolled) return []
  const next = nextRenewal({ subscription, newFrequency, pauses, rolled })
  return next ? [...rolled.crossed, next] : rolled.crossed
}

/** A price's billing frequency when it repeats; null for a one-off or no price. */
export function recurringOrNull(frequency: BillingFrequencyOrNull): RecurringBillingFrequency | null {
  return frequency && isRecurringFrequency(frequency) ? frequency : null
}

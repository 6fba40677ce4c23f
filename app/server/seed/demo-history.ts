import type { PaymentMethodType } from '~/db/schema/enums'
import {
  addDays,
  type CalendarDateString,
  daysBetween,
  instantAt,
  isoDayOfWeek,
} from '~/server/billing/calendar'
import {
  type BillingPeriod,
  billingPeriod,
  billingPeriodsBetween,
  type RecurringBillingFrequency,
} from '~/server/billing/periods'
import type { RecordPaymentInput } from '~/server/services/payments/record-payment.server'
import type { RecordVisitInput } from '~/server/services/visits/record-visits.server'
import { earlierInstant, randomInstantOn } from './demo-time'
import { fakeProviderId } from './fake-payment-details'
import type { Random } from './random'

/**
 * Pure planning of a demo member's payment and visit history: what the billing engine and the doors
 * would have recorded. The seed writes the result through `recordPayments` and `recordVisits`.
 */

/** Days after a failed charge that it is retried. */
const RETRY_AFTER_DAYS = 3
/** A bank payment stays `pending_request` this many days while the bank confirms it. */
const BANK_SETTLEMENT_DAYS = 2

const bankFailures = [
  {
    errorStatus: 'INSUFFICIENT_FUNDS',
    errorDescription: 'The account has insufficient funds for this payment.',
  },
  { errorStatus: 'DECLINED', errorDescription: 'The bank declined the payment.' },
]
const cardFailures = [
  { errorStatus: 'card_declined', errorDescription: 'Your card was declined.' },
  { errorStatus: 'insufficient_funds', errorDescription: 'Your card has insufficient funds.' },
  { errorStatus: 'expired_card', errorDescription: 'Your card has expired.' },
]

export interface PaymentHistoryOptions {
  random: Random
  subscriptionId: number
  paymentMethodId: number
  methodType: PaymentMethodType
  anchor: CalendarDateString
  frequency: RecurringBillingFrequency
  /** Cents per period; the first period also carries the joining fee. */
  amount: number
  joiningFee: number
  surchargeBasisPoints: number
  /** History starts with the period containing this day (twelve months back). */
  historyFrom: CalendarDateString
  /** The last day a period may start on: today, or the day of a past cancellation (its period is the last). */
  lastDay: CalendarDateString
  today: CalendarDateString
  now: Date
  /** Paused days (inclusive) bill nothing. */
  pause?: { start: CalendarDateString; end: CalendarDateString }
  /** How many of the latest periods failed and are still unpaid (a member in the grace period). */
  unpaidPeriods?: number
  /** Whether the next period's payment already exists as `upcoming`. */
  withUpcoming: boolean
  /** Chance that an older period failed once and was paid on retry. */
  retryChance?: number
}

export function planPaymentHistory(options: PaymentHistoryOptions): RecordPaymentInput[] {
  const { random, anchor, frequency, today, now, pause, unpaidPeriods = 0 } = options
  const inPause = (period: BillingPeriod) =>
    pause !== undefined && period.start >= pause.start && period.start <= pause.end
  const periods = billingPeriodsBetween({
    anchor,
    frequency,
    from: options.historyFrom,
    until: options.lastDay,
  })
  const failures = options.methodType === 'bank_account' ? bankFailures : cardFailures
  const providerReference = () =>
    options.methodType === 'bank_account'
      ? { akahuPaymentId: fakeProviderId(random, 'payment', 25) }
      : { stripeId: fakeProviderId(random, 'pi') }

  const charge = (period: BillingPeriod) => {
    const amount = options.amount + (period.index === 0 ? options.joiningFee : 0)
    const surcharge =
      options.methodType === 'stripe_card' ? Math.round((amount * options.surchargeBasisPoints) / 10_000) : 0
    return {
      subscriptionId: options.subscriptionId,
      paymentMethodId: options.paymentMethodId,
      amount,
      surcharge,
      periodStart: period.start,
      periodEnd: period.end,
      meta: period.index === 0 && options.joiningFee > 0 ? { joining_fee: options.joiningFee } : {},
    }
  }
  // Bank payments settle a day or two after the request; cards are charged early in the morning.
  const paidAt = (due: CalendarDateString) =>
    options.methodType === 'bank_account'
      ? earlierInstant(randomInstantOn(random, addDays(due, 1), 9, 17), now)
      : earlierInstant(randomInstantOn(random, due, 5, 7), now)
  const createdAt = (due: CalendarDateString) => earlierInstant(instantAt(addDays(due, -3), '02:00'), now)

  const payments: RecordPaymentInput[] = []
  const billed = periods.filter((period) => !inPause(period))
  billed.forEach((period, position) => {
    const due = period.start
    const base = charge(period)
    const isLast = position === billed.length - 1
    const unpaid = position >= billed.length - unpaidPeriods
    const failure = random.pick(failures)

    if (unpaid) {
      payments.push({
        ...base,
        dueOn: due,
        status: 'failed',
        ...failure,
        ...providerReference(),
        createdAt: createdAt(due),
      })
      const retryDue = addDays(due, RETRY_AFTER_DAYS)
      if (retryDue <= today && random.chance(0.5)) {
        const retryFailure = random.pick(failures)
        payments.push({
          ...base,
          dueOn: retryDue,
          status: 'failed',
          isRetry: true,
          ...retryFailure,
          ...providerReference(),
          createdAt: earlierInstant(instantAt(retryDue, '02:00'), now),
        })
      }
      return
    }
    if (isLast && options.methodType === 'bank_account' && daysBetween(due, today) <= BANK_SETTLEMENT_DAYS) {
      payments.push({
        ...base,
        dueOn: due,
        status: 'pending_request',
        pollCount: random.int(1, 8),
        ...providerReference(),
        createdAt: createdAt(due),
      })
      return
    }
    const retryDue = addDays(due, RETRY_AFTER_DAYS)
    if (daysBetween(retryDue, today) >= 2 && random.chance(options.retryChance ?? 0.03)) {
      payments.push({
        ...base,
        dueOn: due,
        status: 'failed',
        ...failure,
        ...providerReference(),
        createdAt: createdAt(due),
      })
      payments.push({
        ...base,
        dueOn: retryDue,
        status: 'sent',
        isRetry: true,
        paidAt: paidAt(retryDue),
        ...providerReference(),
        createdAt: earlierInstant(instantAt(retryDue, '02:00'), now),
      })
      return
    }
    payments.push({
      ...base,
      dueOn: due,
      status: 'sent',
      paidAt: paidAt(due),
      ...providerReference(),
      createdAt: createdAt(due),
    })
  })

  const last = periods.at(-1)
  if (options.withUpcoming) {
    const next = last
      ? billingPeriod({ anchor, frequency, index: last.index + 1 })
      : billingPeriod({ anchor, frequency, index: 0 })
    if (!inPause(next)) {
      payments.push({
        ...charge(next),
        dueOn: next.start,
        status: 'upcoming',
        createdAt: earlierInstant(createdAt(next.start), now),
      })
    }
  }
  return payments
}

export type VisitSlot = 'early' | 'lunch' | 'evening' | 'off_peak'

export interface VisitHistoryOptions {
  random: Random
  userId: number
  homeGymId: number
  /** Other gyms the member's offering lets them use, visited now and then. */
  otherGymIds: readonly number[]
  from: CalendarDateString
  /** Last day (inclusive); visits are also never after `now`. */
  until: CalendarDateString
  now: Date
  /** Average visits a week. */
  perWeek: number
  slot: VisitSlot
  pause?: { start: CalendarDateString; end: CalendarDateString }
}

/** Hours (local, [from, to)) when each kind of member turns up on a weekday and at the weekend. */
const slotHours: Record<VisitSlot, { weekday: [number, number][]; weekend: [number, number][] }> = {
  early: { weekday: [[5, 8]], weekend: [[7, 11]] },
  lunch: { weekday: [[11, 14]], weekend: [[8, 12]] },
  evening: {
    weekday: [[17, 20]],
    weekend: [
      [8, 12],
      [15, 18],
    ],
  },
  // Inside the off-peak offering's hours (weekdays 09:00–16:00, weekends 08:00–18:00).
  off_peak: {
    weekday: [
      [9, 12],
      [13, 16],
    ],
    weekend: [[8, 13]],
  },
}

/** Weekdays are busier than weekends: relative chance of a visit on each ISO day (1 Monday … 7 Sunday). */
const dayWeights = [0, 1.25, 1.15, 1.2, 1.1, 0.95, 0.75, 0.6]
const dayWeightMean = dayWeights.slice(1).reduce((sum, weight) => sum + weight, 0) / 7

export function planVisitHistory(options: VisitHistoryOptions): RecordVisitInput[] {
  const { random, now, pause } = options
  const visits: RecordVisitInput[] = []
  const days = daysBetween(options.from, options.until)
  for (let offset = 0; offset <= days; offset += 1) {
    const date = addDays(options.from, offset)
    if (pause && date >= pause.start && date <= pause.end) continue
    const weekday = isoDayOfWeek(date)
    const chance = ((options.perWeek / 7) * (dayWeights[weekday] ?? 1)) / dayWeightMean
    if (!random.chance(chance)) continue
    const windows = weekday >= 6 ? slotHours[options.slot].weekend : slotHours[options.slot].weekday
    const [fromHour, toHour] = random.pick(windows)
    const visitedAt = randomInstantOn(random, date, fromHour, toHour)
    if (visitedAt >= now) continue
    const gymId =
      options.otherGymIds.length > 0 && random.chance(0.08)
        ? random.pick(options.otherGymIds)
        : options.homeGymId
    // The odd refused entry: a tag that did not read, a door tried before the membership allowed it.
    visits.push({ userId: options.userId, gymId, visitedAt, successful: !random.chance(0.01) })
  }
  return visits
}

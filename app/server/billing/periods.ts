import { type DateDuration, parseDate } from '@internationalized/date'
import type { BillingFrequency } from '~/db/schema/enums'
import type { CalendarDateString } from './calendar'

/**
 * Billing periods of a subscription, as pure calendar maths on Pacific/Auckland days.
 *
 * Conventions the rest of billing relies on:
 * - Period `n` starts at `anchor + n × step`, always counted from the anchor (the subscription's start
 *   date) rather than from the previous period. Clamping to a short month therefore never sticks:
 *   monthly from Jan 31 gives Feb 28 (or 29), then Mar 31, Apr 30, May 31.
 * - `end` is exclusive: it is the first day of the next period, i.e. the next billing (renewal) date.
 *   A period therefore covers `start ≤ day < end`, and its length in days is `end − start`.
 * - Dates are calendar days, never instants, so a daylight-saving change cannot move a billing date.
 */

/** Frequencies that repeat; a `one_off` price has a single payment and no periods. */
export type RecurringBillingFrequency = Exclude<BillingFrequency, 'one_off'>

export interface BillingPeriod {
  /** 0 for the period that starts on the anchor. */
  index: number
  start: CalendarDateString
  /** Exclusive: the first day of the next period. */
  end: CalendarDateString
}

interface Step {
  unit: 'days' | 'months'
  size: number
}

const steps: Record<RecurringBillingFrequency, Step> = {
  daily: { unit: 'days', size: 1 },
  weekly: { unit: 'days', size: 7 },
  fortnightly: { unit: 'days', size: 14 },
  monthly: { unit: 'months', size: 1 },
  bi_monthly: { unit: 'months', size: 2 },
  quarterly: { unit: 'months', size: 3 },
  twice_yearly: { unit: 'months', size: 6 },
  yearly: { unit: 'months', size: 12 },
}

export function isRecurringFrequency(frequency: BillingFrequency): frequency is RecurringBillingFrequency {
  return frequency !== 'one_off'
}

function offset(step: Step, index: number): DateDuration {
  return step.unit === 'days' ? { days: step.size * index } : { months: step.size * index }
}

/** First day of period `index` (which may be negative: periods before the anchor, e.g. for back-dating). */
export function billingPeriodStart(options: {
  anchor: CalendarDateString
  frequency: RecurringBillingFrequency
  index: number
}): CalendarDateString {
  const { anchor, frequency, index } = options
  if (!Number.isInteger(index)) throw new RangeError(`A period index must be an integer, got ${index}`)
  return parseDate(anchor).add(offset(steps[frequency], index)).toString()
}

export function billingPeriod(options: {
  anchor: CalendarDateString
  frequency: RecurringBillingFrequency
  index: number
}): BillingPeriod {
  const { index } = options
  return {
    index,
    start: billingPeriodStart(options),
    end: billingPeriodStart({ ...options, index: index + 1 }),
  }
}

/**
 * The period `date` falls in. A date before the anchor gets the first period: a subscription that has
 * not started yet is already billed for (and shows) its first period.
 */
export function billingPeriodOn(options: {
  anchor: CalendarDateString
  frequency: RecurringBillingFrequency
  date: CalendarDateString
}): BillingPeriod {
  const { anchor, frequency, date } = options
  const anchorDate = parseDate(anchor)
  const target = parseDate(date)
  if (target.compare(anchorDate) < 0) return billingPeriod({ anchor, frequency, index: 0 })

  const step = steps[frequency]
  const elapsed =
    step.unit === 'days'
      ? target.compare(anchorDate)
      : (target.year - anchorDate.year) * 12 + (target.month - anchorDate.month)
  // The estimate is exact for day steps and at most one too high for month steps (the anchor's day of
  // the month may not have come round yet); the loops settle either case.
  let index = Math.floor(elapsed / step.size)
  while (index > 0 && parseDate(billingPeriodStart({ anchor, frequency, index })).compare(target) > 0)
    index -= 1
  while (parseDate(billingPeriodStart({ anchor, frequency, index: index + 1 })).compare(target) <= 0)
    index += 1
  return billingPeriod({ anchor, frequency, index })
}

/**
 * Every period from the one containing `from` (default: the first) up to the one containing `until`,
 * in order. Both bounds are inclusive days.
 */
export function billingPeriodsBetween(options: {
  anchor: CalendarDateString
  frequency: RecurringBillingFrequency
  from?: CalendarDateString
  until: CalendarDateString
}): BillingPeriod[] {
  const { anchor, frequency, until } = options
  if (parseDate(until).compare(parseDate(anchor)) < 0) return []
  const first = options.from ? billingPeriodOn({ anchor, frequency, date: options.from }).index : 0
  const last = billingPeriodOn({ anchor, frequency, date: until }).index
  const periods: BillingPeriod[] = []
  for (let index = first; index <= last; index += 1) periods.push(billingPeriod({ anchor, frequency, index }))
  return periods
}

import { type DateDuration, parseDate } from '@internationalized/date'
import { type BillingFrequency, billingFrequencies } from '~/contracts/enums'
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
 * - `one_off` prices have a single payment and no periods: the functions below take only the eight
 *   recurring frequencies, and a one-off subscription keeps `current_period_end` null.
 *
 * Pauses. The anchor never changes; a pause adds its days to every billing date on or after its first
 * day. A pause is `[start, end)`: `end` is the day the membership resumes (exclusive, like a period's
 * end), so 10 Mar → 24 Mar is a two-week pause of 14 days. Walking the pauses in order
 * with a running offset `D` (starting at 0): billing date `n` is `anchor + n × step + D`, where `D` is
 * the sum of the days of every pause whose first day is on or before that shifted date. Consequences:
 * - no billing date ever falls inside a pause (a date that would is moved to or past the resume day),
 *   so nothing is charged while paused;
 * - the period in which a pause starts (or the one due on its first day) is lengthened by the paused
 *   days, and every later period moves by them; earlier periods are untouched;
 * - only days from the anchor on count: a pause that begins before the membership starts delays the
 *   first period to its resume day, no further;
 * - month-end clamping still comes from the original anchor, so periods never drift: monthly from
 *   Jan 31 with a 3-day pause from Feb 10 bills Jan 31, then Mar 3 (Feb 28 + 3), Apr 3 (Mar 31 + 3),
 *   May 3 (Apr 30 + 3), Jun 3 (May 31 + 3).
 * The engine keeps `start_date` as the anchor and passes the subscription's pauses that were not
 * cancelled. `subscription_pauses.end_date` and `subscriptions.pause_end_at` hold the last paused day
 * (inclusive, as people say it), so a stored pause becomes `{ start: start_date, end: end_date + 1 }`;
 * a pause ended early is passed with its actual resume day. `current_period_start`/`current_period_end`
 * are then a cache of `billingPeriodOn(today)`.
 */

/** Frequencies that repeat; a `one_off` price has a single payment and no periods. */
export type RecurringBillingFrequency = Exclude<BillingFrequency, 'one_off'>

/** Derived from the one list of frequencies (`billingFrequencies`), so a new frequency can't be missed here. */
export const recurringBillingFrequencies: readonly RecurringBillingFrequency[] =
  billingFrequencies.filter(isRecurringFrequency)

export interface BillingPeriod {
  /** 0 for the period that starts on the anchor. */
  index: number
  start: CalendarDateString
  /** Exclusive: the first day of the next period. */
  end: CalendarDateString
}

/** A pause of a subscription: paused on `start ≤ day < end`; `end` is the day the membership resumes. */
export interface Pause {
  start: CalendarDateString
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

/**
 * Shortest and longest period of a frequency, in days, without pauses. Month-based periods vary with the
 * months they span (a monthly period is 28–31 days, a yearly one 365 or 366).
 */
const lengthBounds: Record<RecurringBillingFrequency, { min: number; max: number }> = {
  daily: { min: 1, max: 1 },
  weekly: { min: 7, max: 7 },
  fortnightly: { min: 14, max: 14 },
  monthly: { min: 28, max: 31 },
  bi_monthly: { min: 59, max: 62 },
  quarterly: { min: 89, max: 92 },
  twice_yearly: { min: 181, max: 184 },
  yearly: { min: 365, max: 366 },
}

export function isRecurringFrequency(frequency: BillingFrequency): frequency is RecurringBillingFrequency {
  return frequency !== 'one_off'
}

/** Bounds of a period's length in days; null for `one_off`, which has no periods. */
export function periodLengthBounds(frequency: BillingFrequency): { min: number; max: number } | null {
  return isRecurringFrequency(frequency) ? lengthBounds[frequency] : null
}

/** Days a pause lasts: `end − start` (its end is the resume day). */
export function pausedDays(pause: Pause): number {
  return parseDate(pause.end).compare(parseDate(pause.start))
}

function offset(step: Step, index: number): DateDuration {
  return step.unit === 'days' ? { days: step.size * index } : { months: step.size * index }
}

/**
 * The pauses in order, each cut to the days from the anchor on: days before the membership starts are
 * not membership days, so a pause from before the start only delays the start to its resume day.
 */
function sortedPauses(anchor: CalendarDateString, pauses: readonly Pause[] | undefined): Pause[] {
  if (!pauses || pauses.length === 0) return []
  const sorted = [...pauses].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
  let previousEnd: CalendarDateString | null = null
  const effective: Pause[] = []
  for (const pause of sorted) {
    if (pausedDays(pause) < 0) throw new RangeError(`A pause cannot end before it starts: ${pause.start}`)
    if (previousEnd !== null && pause.start < previousEnd)
      throw new RangeError(`Pauses overlap: one starting ${pause.start} begins before ${previousEnd}`)
    previousEnd = pause.end
    if (pause.end > anchor) effective.push(pause.start < anchor ? { start: anchor, end: pause.end } : pause)
  }
  return effective
}

function unpausedStart(anchor: CalendarDateString, step: Step, index: number) {
  return parseDate(anchor).add(offset(step, index))
}

function shiftedStart(
  anchor: CalendarDateString,
  step: Step,
  index: number,
  pauses: readonly Pause[],
): CalendarDateString {
  const unpaused = unpausedStart(anchor, step, index)
  let shift = 0
  // Pauses are sorted; each one that has started by the date as shifted so far moves it on.
  for (const pause of pauses) {
    const candidate = unpaused.add({ days: shift })
    if (parseDate(pause.start).compare(candidate) > 0) break
    shift += pausedDays(pause)
  }
  return unpaused.add({ days: shift }).toString()
}

/**
 * First day of period `index` (which may be negative: periods before the anchor, e.g. for back-dating
 * or for the period that ends on a billing date). Pauses move it as the module comment describes.
 */
export function billingPeriodStart(options: {
  anchor: CalendarDateString
  frequency: RecurringBillingFrequency
  index: number
  pauses?: readonly Pause[]
}): CalendarDateString {
  const { anchor, frequency, index } = options
  if (!Number.isInteger(index)) throw new RangeError(`A period index must be an integer, got ${index}`)
  return shiftedStart(anchor, steps[frequency], index, sortedPauses(anchor, options.pauses))
}

export function billingPeriod(options: {
  anchor: CalendarDateString
  frequency: RecurringBillingFrequency
  index: number
  pauses?: readonly Pause[]
}): BillingPeriod {
  const { anchor, frequency, index } = options
  if (!Number.isInteger(index)) throw new RangeError(`A period index must be an integer, got ${index}`)
  const pauses = sortedPauses(anchor, options.pauses)
  const step = steps[frequency]
  return {
    index,
    start: shiftedStart(anchor, step, index, pauses),
    end: shiftedStart(anchor, step, index + 1, pauses),
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
  pauses?: readonly Pause[]
}): BillingPeriod {
  const { anchor, frequency, date } = options
  const pauses = sortedPauses(anchor, options.pauses)
  const step = steps[frequency]
  const startOf = (index: number) => parseDate(shiftedStart(anchor, step, index, pauses))
  const period = (index: number): BillingPeriod => ({
    index,
    start: startOf(index).toString(),
    end: startOf(index + 1).toString(),
  })
  const anchorDate = parseDate(anchor)
  const target = parseDate(date)
  if (target.compare(startOf(0)) < 0) return period(0)

  const elapsed =
    step.unit === 'days'
      ? target.compare(anchorDate)
      : (target.year - anchorDate.year) * 12 + (target.month - anchorDate.month)
  // Without pauses the estimate is exact for day steps and at most one too high for month steps (the
  // anchor's day of the month may not have come round yet); pauses only move starts later, so the
  // estimate is never too low. The loops settle every case.
  let index = Math.floor(elapsed / step.size)
  while (index > 0 && startOf(index).compare(target) > 0) index -= 1
  while (startOf(index + 1).compare(target) <= 0) index += 1
  return period(index)
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
  pauses?: readonly Pause[]
}): BillingPeriod[] {
  const { anchor, frequency, until } = options
  const pauses = sortedPauses(anchor, options.pauses)
  const step = steps[frequency]
  if (parseDate(until).compare(parseDate(shiftedStart(anchor, step, 0, pauses))) < 0) return []
  const first = options.from ? billingPeriodOn({ anchor, frequency, date: options.from, pauses }).index : 0
  const last = billingPeriodOn({ anchor, frequency, date: until, pauses }).index
  const periods: BillingPeriod[] = []
  let start = shiftedStart(anchor, step, first, pauses)
  for (let index = first; index <= last; index += 1) {
    const end = shiftedStart(anchor, step, index + 1, pauses)
    periods.push({ index, start, end })
    start = end
  }
  return periods
}

/**
 * The period that ends on `end` when `end` is itself a billing date: the period before it, counted from
 * `end` as an anchor. Pro-rata uses its length so that a February period is as long as February is.
 */
export function billingPeriodEndingOn(options: {
  end: CalendarDateString
  frequency: RecurringBillingFrequency
}): BillingPeriod {
  return billingPeriod({ anchor: options.end, frequency: options.frequency, index: -1 })
}

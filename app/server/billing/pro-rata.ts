import { frequencyWords } from '~/contracts/frequency-words'
import type { prices } from '~/db/schema/prices'
import { formatDate } from '~/lib/dates'
import { AppError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { divideRoundingHalfUp, periodAmount } from './amounts'
import { type CalendarDateString, daysBetween, isCalendarDate } from './calendar'
import { billingPeriodEndingOn, isRecurringFrequency } from './periods'

/**
 * Pro-rata (docs/decisions/011-pro-rata.md). A member who starts on `startDate` while the gym bills
 * everyone on `billingDate` (their first regular charge) owes the part of one period from `startDate`
 * up to, not including, `billingDate`: `round(amount × days ÷ periodDays)`, half-up to whole cents,
 * where `periodDays` is the real length of the period that ends on `billingDate` (so a February period
 * is 28 or 29 days). Served by `POST /api/prices/{id}/pro-rata` and the calculate-pro-rata screen.
 */

type PriceRow = typeof prices.$inferSelect

export interface ProRataResult {
  /** Cents owed for `startDate ≤ day < billingDate`. */
  amount: number
  days: number
  periodDays: number
  /** First day of the period that ends on the billing date. */
  periodStart: CalendarDateString
  /** Cents a day (period amount ÷ period days) to two decimal places of a cent; shown, never charged. */
  dailyRate: number
  /** The working, line by line, in words for the calculate-pro-rata screen. */
  explanation: string[]
}

function dayCount(days: number): string {
  return days === 1 ? '1 day' : `${days} days`
}

function invalid(field: 'start_date' | 'billing_date' | 'price', message: string): AppError {
  return new AppError('VALIDATION', message, { fieldErrors: { [field]: [message] } })
}

export function proRata(options: {
  price: Pick<PriceRow, 'amount' | 'billingFrequency'>
  startDate: CalendarDateString
  billingDate: CalendarDateString
  /** A forced per-period amount on the subscription, if staff set one. */
  forcePriceAmount?: number | null
}): ProRataResult {
  const { price, startDate, billingDate } = options
  const frequency = price.billingFrequency
  if (!isCalendarDate(startDate)) throw invalid('start_date', 'The start date is not a valid date.')
  if (!isCalendarDate(billingDate)) throw invalid('billing_date', 'The billing date is not a valid date.')
  if (!isRecurringFrequency(frequency))
    throw invalid('price', 'A one-off price has no billing period to pro-rate.')
  const days = daysBetween(startDate, billingDate)
  if (days < 0) throw invalid('billing_date', 'The billing date must be on or after the start date.')

  const amount = periodAmount({ price, forcePriceAmount: options.forcePriceAmount })
  const period = billingPeriodEndingOn({ end: billingDate, frequency })
  const periodDays = daysBetween(period.start, period.end)
  if (days > periodDays)
    throw invalid(
      'billing_date',
      `The billing date must be no more than one ${frequencyWords[frequency]} period (${dayCount(periodDays)}) after the start date.`,
    )

  const owed = divideRoundingHalfUp(amount * days, periodDays)
  const dailyRate = divideRoundingHalfUp(amount * 100, periodDays) / 100
  const perPeriod = formatCents(amount)
  const words = frequencyWords[frequency]

  const explanation =
    days === 0
      ? [
          `The membership starts on ${formatDate(startDate)}, its first regular billing date, so there is nothing to pro-rate.`,
          `Pro-rata amount: ${formatCents(0)}.`,
        ]
      : [
          `The membership starts on ${formatDate(startDate)}; the first regular payment is on ${formatDate(billingDate)}.`,
          `${formatDate(startDate)} up to ${formatDate(billingDate)} is ${dayCount(days)}.`,
          `The ${words} period ending ${formatDate(billingDate)} runs from ${formatDate(period.start)}: ${dayCount(periodDays)}.`,
          `Daily rate: ${perPeriod} ÷ ${periodDays} ≈ ${formatCents(Math.round(dailyRate))} a day.`,
          `${dayCount(days)} of a ${periodDays}-day period at ${perPeriod} ${words}: ${perPeriod} × ${days} ÷ ${periodDays} = ${formatCents(owed)}.`,
        ]

  return { amount: owed, days, periodDays, periodStart: period.start, dailyRate, explanation }
}

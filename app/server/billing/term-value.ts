import type { BillingFrequency, TermUnit } from '~/contracts/enums'
import { hasTerm } from '~/contracts/price-rules'

/**
 * What a term membership's whole term costs, for the catalogue (`total_value`): one price amount for
 * every billing period the term holds. Pure and calendar-free, so it reads the same whatever the day.
 *
 * The rule. A period is charged when it starts, so a term holds every period that starts inside it:
 * `ceil(term length ÷ period length)`. A term of 1 month billed weekly holds 5 charges (weeks starting
 * on days 0, 7, 14, 21 and 28); one of 4 weeks billed monthly holds 1.
 * Lengths are compared in one unit in which a year is exactly 12 months, 52 weeks and 364 days, the way
 * gyms quote terms ("12 months, or 52 weekly payments"). When term and frequency share a kind (months
 * with month-based frequencies, weeks with day-based ones) this is exact; across kinds it fixes a month at
 * 52⁄12 weeks instead of asking a calendar. The old answer counted from an arbitrary anchor day
 * (5 January 2026), which gave 53 weekly (27 fortnightly, 365 daily) charges for 12 months, because a
 * real year has a 365th day on which one more period starts; see tests/unit/billing/term-value.test.ts
 * for every case that differs.
 */

/** Ticks per unit: 1,092 a year is the smallest count that 12 months, 52 weeks and 364 days all divide. */
const TICKS_PER_DAY = 3
const TICKS_PER_WEEK = 7 * TICKS_PER_DAY
const TICKS_PER_MONTH = 1_092 / 12

const termUnitTicks: Record<TermUnit, number> = {
  week: TICKS_PER_WEEK,
  month: TICKS_PER_MONTH,
  year: 12 * TICKS_PER_MONTH,
}

const periodTicks: Record<Exclude<BillingFrequency, 'one_off'>, number> = {
  daily: TICKS_PER_DAY,
  weekly: TICKS_PER_WEEK,
  fortnightly: 2 * TICKS_PER_WEEK,
  monthly: TICKS_PER_MONTH,
  bi_monthly: 2 * TICKS_PER_MONTH,
  quarterly: 3 * TICKS_PER_MONTH,
  twice_yearly: 6 * TICKS_PER_MONTH,
  yearly: 12 * TICKS_PER_MONTH,
}

/** How many billing periods start inside a term of `termAmount` `termUnit`s; a one-off price charges once. */
export function periodsInTerm(options: {
  billingFrequency: BillingFrequency
  termAmount: number
  termUnit: TermUnit
}): number {
  const { billingFrequency, termAmount, termUnit } = options
  if (billingFrequency === 'one_off') return 1
  const term = termAmount * termUnitTicks[termUnit]
  const period = periodTicks[billingFrequency]
  // Integer ceiling: every tick count is a whole number, so no rounding error can add a period.
  return Math.floor((term + period - 1) / period)
}

/** The whole term's cost in cents, or null for a flexi price (no term). */
export function termTotalValue(options: {
  amount: number
  billingFrequency: BillingFrequency
  termAmount: number | null
  termUnit: TermUnit | null
}): number | null {
  const { amount, billingFrequency } = options
  const term = { termAmount: options.termAmount, termUnit: options.termUnit }
  if (!hasTerm(term)) return null
  return amount * periodsInTerm({ billingFrequency, ...term })
}

/**
 * Which of two prices costs more over time, by the same ticks (a year is 52 weeks or 12 months):
 * negative when `a` is cheaper, 0 when equal, positive when dearer. A one-off price is compared by its
 * amount alone.
 */
export function comparePriceRates(
  a: { amount: number; billingFrequency: BillingFrequency },
  b: { amount: number; billingFrequency: BillingFrequency },
): number {
  if (a.billingFrequency === 'one_off' || b.billingFrequency === 'one_off') return a.amount - b.amount
  // a.amount / a.ticks against b.amount / b.ticks, cross-multiplied: whole numbers, no rounding.
  return a.amount * periodTicks[b.billingFrequency] - b.amount * periodTicks[a.billingFrequency]
}

import { describe, expect, it } from 'vitest'
import { type BillingFrequency, billingFrequencies, type TermUnit } from '~/contracts/enums'
import { addDays } from '~/server/billing/calendar'
import { billingPeriodsBetween, isRecurringFrequency } from '~/server/billing/periods'
import { termEndDate } from '~/server/billing/term-membership'
import { periodsInTerm, termTotalValue } from '~/server/billing/term-value'

/** The catalogue's old count: periods starting inside a term that began on a fixed Monday. */
function periodsFromAnchor(options: {
  billingFrequency: BillingFrequency
  termAmount: number
  termUnit: TermUnit
}): number {
  const { billingFrequency: frequency, termAmount, termUnit } = options
  if (!isRecurringFrequency(frequency)) return 1
  const anchor = '2026-01-05'
  const end = termEndDate({ startDate: anchor, termAmount, termUnit })
  return billingPeriodsBetween({ anchor, frequency, until: addDays(end, -1) }).length
}

const terms: Array<[number, TermUnit]> = [
  [1, 'month'],
  [3, 'month'],
  [6, 'month'],
  [12, 'month'],
  [18, 'month'],
  [24, 'month'],
  [1, 'year'],
  [2, 'year'],
  [1, 'week'],
  [4, 'week'],
  [8, 'week'],
  [12, 'week'],
  [13, 'week'],
  [26, 'week'],
  [52, 'week'],
]

/**
 * Where the anchored count differs, and why: a real year has a 365th day (so one more daily, weekly or
 * fortnightly period starts in it), 13 and 26 weeks run a day or two past 3 and 6 calendar months from
 * 5 January, and a month of daily charges depends on the month. Each is now the calendar-free count.
 */
const differences: Record<string, { anchored: number; now: number }> = {
  'daily 3 month': { anchored: 90, now: 91 },
  'daily 6 month': { anchored: 181, now: 182 },
  'daily 12 month': { anchored: 365, now: 364 },
  'daily 24 month': { anchored: 730, now: 728 },
  'daily 1 year': { anchored: 365, now: 364 },
  'daily 2 year': { anchored: 730, now: 728 },
  'weekly 12 month': { anchored: 53, now: 52 },
  'weekly 24 month': { anchored: 105, now: 104 },
  'weekly 1 year': { anchored: 53, now: 52 },
  'weekly 2 year': { anchored: 105, now: 104 },
  'fortnightly 12 month': { anchored: 27, now: 26 },
  'fortnightly 24 month': { anchored: 53, now: 52 },
  'fortnightly 1 year': { anchored: 27, now: 26 },
  'fortnightly 2 year': { anchored: 53, now: 52 },
  'monthly 13 week': { anchored: 4, now: 3 },
  'monthly 26 week': { anchored: 7, now: 6 },
  'bi_monthly 26 week': { anchored: 4, now: 3 },
  'quarterly 13 week': { anchored: 2, now: 1 },
  'quarterly 26 week': { anchored: 3, now: 2 },
  'twice_yearly 26 week': { anchored: 2, now: 1 },
}

describe('periodsInTerm', () => {
  const cases = billingFrequencies.flatMap((billingFrequency) =>
    terms.map(([termAmount, termUnit]) => ({ billingFrequency, termAmount, termUnit })),
  )

  it.each(cases)(
    '$billingFrequency over $termAmount $termUnit: the anchored count, or a listed difference',
    (term) => {
      const key = `${term.billingFrequency} ${term.termAmount} ${term.termUnit}`
      const difference = differences[key]
      expect(periodsFromAnchor(term)).toBe(difference?.anchored ?? periodsInTerm(term))
      if (difference) expect(periodsInTerm(term)).toBe(difference.now)
    },
  )

  it('counts the terms gyms sell the way they quote them', () => {
    expect(periodsInTerm({ billingFrequency: 'weekly', termAmount: 12, termUnit: 'month' })).toBe(52)
    expect(periodsInTerm({ billingFrequency: 'weekly', termAmount: 6, termUnit: 'month' })).toBe(26)
    expect(periodsInTerm({ billingFrequency: 'fortnightly', termAmount: 12, termUnit: 'month' })).toBe(26)
    expect(periodsInTerm({ billingFrequency: 'monthly', termAmount: 12, termUnit: 'month' })).toBe(12)
    expect(periodsInTerm({ billingFrequency: 'monthly', termAmount: 1, termUnit: 'year' })).toBe(12)
    expect(periodsInTerm({ billingFrequency: 'quarterly', termAmount: 12, termUnit: 'month' })).toBe(4)
    expect(periodsInTerm({ billingFrequency: 'yearly', termAmount: 2, termUnit: 'year' })).toBe(2)
  })

  it('charges every period that starts inside the term, even one that ends after it', () => {
    expect(periodsInTerm({ billingFrequency: 'weekly', termAmount: 1, termUnit: 'month' })).toBe(5)
    expect(periodsInTerm({ billingFrequency: 'monthly', termAmount: 4, termUnit: 'week' })).toBe(1)
    expect(periodsInTerm({ billingFrequency: 'quarterly', termAmount: 4, termUnit: 'month' })).toBe(2)
    expect(periodsInTerm({ billingFrequency: 'one_off', termAmount: 12, termUnit: 'month' })).toBe(1)
  })
})

describe('termTotalValue', () => {
  it('is the amount times the periods in the term, and null without a term', () => {
    const monthly = { amount: 5500, billingFrequency: 'monthly' } as const
    expect(termTotalValue({ ...monthly, termAmount: 12, termUnit: 'month' })).toBe(66_000)
    expect(
      termTotalValue({ amount: 1500, billingFrequency: 'weekly', termAmount: 1, termUnit: 'year' }),
    ).toBe(78_000)
    expect(termTotalValue({ ...monthly, termAmount: null, termUnit: null })).toBeNull()
    expect(termTotalValue({ ...monthly, termAmount: 12, termUnit: null })).toBeNull()
    expect(
      termTotalValue({ amount: 9900, billingFrequency: 'one_off', termAmount: 3, termUnit: 'month' }),
    ).toBe(9900)
  })
})

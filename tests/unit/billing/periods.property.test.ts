import { parseDate } from '@internationalized/date'
import fc from 'fast-check'
import { describe, it } from 'vitest'
import { cardSurcharge } from '~/server/billing/amounts'
import { addDays, daysBetween, laterDate } from '~/server/billing/calendar'
import {
  billingPeriod,
  billingPeriodOn,
  billingPeriodsBetween,
  type Pause,
  pausedDays,
  periodLengthBounds,
  recurringBillingFrequencies,
} from '~/server/billing/periods'
import { proRata } from '~/server/billing/pro-rata'

const runs = { numRuns: 1000 }

const firstDay = '2020-01-01'
const lastDay = '2035-12-31'
const day = fc
  .integer({ min: 0, max: daysBetween(firstDay, lastDay) })
  .map((offset) => addDays(firstDay, offset))
const frequency = fc.constantFrom(...recurringBillingFrequencies)
const monthSteps = new Set(['monthly', 'bi_monthly', 'quarterly', 'twice_yearly', 'yearly'])
const dayStep: Record<string, number> = { daily: 1, weekly: 7, fortnightly: 14 }

/** Up to four pauses that do not overlap, somewhere in the two years after `anchor`. */
function pausesAfter(anchor: string): fc.Arbitrary<Pause[]> {
  return fc
    .array(fc.tuple(fc.integer({ min: -20, max: 700 }), fc.integer({ min: 0, max: 90 })), { maxLength: 4 })
    .map((drafts) => {
      const pauses: Pause[] = []
      let earliest = addDays(anchor, -30)
      for (const [offset, length] of [...drafts].sort((a, b) => a[0] - b[0])) {
        const proposed = addDays(anchor, offset)
        const start = laterDate(proposed, earliest)
        const end = addDays(start, length)
        pauses.push({ start, end })
        earliest = end
      }
      return pauses
    })
}

describe('billing period properties (fast-check)', () => {
  it('tiles: the end of each period is the start of the next, and each starts after the last', () => {
    fc.assert(
      fc.property(day, frequency, fc.integer({ min: -5, max: 60 }), (anchor, frequency, index) => {
        const period = billingPeriod({ anchor, frequency, index })
        const next = billingPeriod({ anchor, frequency, index: index + 1 })
        return period.end === next.start && period.start < period.end
      }),
      runs,
    )
  })

  it('starts every period on the anchor’s day of the month, clamped (or whole steps of days apart)', () => {
    fc.assert(
      fc.property(day, frequency, fc.integer({ min: 0, max: 80 }), (anchor, frequency, index) => {
        const { start } = billingPeriod({ anchor, frequency, index })
        const anchorDate = parseDate(anchor)
        const startDate = parseDate(start)
        if (monthSteps.has(frequency)) {
          const clamped = Math.min(anchorDate.day, startDate.calendar.getDaysInMonth(startDate))
          return startDate.day === clamped
        }
        return daysBetween(anchor, start) === (dayStep[frequency] ?? Number.NaN) * index
      }),
      runs,
    )
  })

  it('keeps every period’s length within the frequency’s bounds', () => {
    fc.assert(
      fc.property(day, frequency, fc.integer({ min: -5, max: 80 }), (anchor, frequency, index) => {
        const period = billingPeriod({ anchor, frequency, index })
        const length = daysBetween(period.start, period.end)
        const bounds = periodLengthBounds(frequency)
        return bounds !== null && bounds.min <= length && length <= bounds.max
      }),
      runs,
    )
  })

  it('finds the one period that contains any day on or after the anchor', () => {
    fc.assert(
      fc.property(day, frequency, fc.integer({ min: 0, max: 2000 }), (anchor, frequency, later) => {
        const date = addDays(anchor, later)
        const period = billingPeriodOn({ anchor, frequency, date })
        const same = billingPeriod({ anchor, frequency, index: period.index })
        return (
          period.start <= date && date < period.end && same.start === period.start && same.end === period.end
        )
      }),
      runs,
    )
  })
})

describe('pause properties (fast-check)', () => {
  const withPauses = day.chain((anchor) =>
    fc.tuple(fc.constant(anchor), frequency, pausesAfter(anchor), fc.integer({ min: 0, max: 900 })),
  )

  it('still tiles, never bills inside a pause, and moves billing by at most the paused days', () => {
    fc.assert(
      fc.property(withPauses, ([anchor, frequency, pauses, horizon]) => {
        const until = addDays(anchor, horizon)
        const shifted = billingPeriodsBetween({ anchor, frequency, until, pauses })
        const plain = billingPeriodsBetween({ anchor, frequency, until: addDays(until, 400) })
        const total = pauses.reduce((sum, pause) => sum + pausedDays(pause), 0)
        for (const [i, period] of shifted.entries()) {
          if (period.start >= period.end) return false
          const next = shifted[i + 1]
          if (next && next.start !== period.end) return false
          if (pauses.some((pause) => pause.start <= period.start && period.start < pause.end)) return false
          const unpaused = plain[i]
          if (!unpaused || unpaused.index !== period.index) return false
          const moved = daysBetween(unpaused.start, period.start)
          if (moved < 0 || moved > total) return false
        }
        return true
      }),
      runs,
    )
  })

  it('lengthens periods only by paused days: the schedule after every pause is the plain one moved', () => {
    fc.assert(
      fc.property(withPauses, ([anchor, frequency, pauses]) => {
        const last = pauses.at(-1)
        const total = pauses
          .filter((pause) => pause.end > anchor)
          .reduce((sum, pause) => sum + daysBetween(laterDate(pause.start, anchor), pause.end), 0)
        // Well past the last pause, each billing date is the plain one plus all the paused days.
        const date = addDays(last?.end ?? anchor, 800)
        const period = billingPeriodOn({ anchor, frequency, date, pauses })
        const plain = billingPeriod({ anchor, frequency, index: period.index })
        return (
          daysBetween(plain.start, period.start) === total && daysBetween(plain.end, period.end) === total
        )
      }),
      runs,
    )
  })
})

describe('pro-rata and surcharge properties (fast-check)', () => {
  const amount = fc.integer({ min: 0, max: 1_000_000 })

  it('is between nothing and one period’s amount, exact at both ends, and grows with the days', () => {
    fc.assert(
      fc.property(
        day,
        frequency,
        amount,
        fc.nat(),
        fc.nat(),
        (billingDate, billingFrequency, cents, a, b) => {
          const price = { amount: cents, billingFrequency }
          const periodDays = proRata({ price, startDate: billingDate, billingDate }).periodDays
          const fewer = Math.min(a, b) % (periodDays + 1)
          const more = Math.max(fewer, Math.max(a, b) % (periodDays + 1))
          const small = proRata({ price, startDate: addDays(billingDate, -fewer), billingDate })
          const large = proRata({ price, startDate: addDays(billingDate, -more), billingDate })
          const full = proRata({ price, startDate: addDays(billingDate, -periodDays), billingDate })
          return (
            small.days === fewer &&
            Number.isInteger(small.amount) &&
            small.amount >= 0 &&
            large.amount <= cents &&
            small.amount <= large.amount &&
            full.amount === cents &&
            proRata({ price, startDate: billingDate, billingDate }).amount === 0
          )
        },
      ),
      runs,
    )
  })

  it('charges a non-negative surcharge that grows with the amount, the rate and the fixed fee', () => {
    const rate = fc.integer({ min: 0, max: 10_000 })
    const fixed = fc.integer({ min: 0, max: 1_000 })
    fc.assert(
      fc.property(amount, amount, rate, rate, fixed, fixed, (a1, a2, r1, r2, f1, f2) => {
        const [lowAmount, highAmount] = a1 <= a2 ? [a1, a2] : [a2, a1]
        const [lowRate, highRate] = r1 <= r2 ? [r1, r2] : [r2, r1]
        const [lowFixed, highFixed] = f1 <= f2 ? [f1, f2] : [f2, f1]
        const low = { cardSurchargeBasisPoints: lowRate, cardSurchargeFixed: lowFixed }
        const high = { cardSurchargeBasisPoints: highRate, cardSurchargeFixed: highFixed }
        const base = cardSurcharge({ amount: lowAmount, settings: low })
        return (
          base >= 0 &&
          Number.isInteger(base) &&
          base <= cardSurcharge({ amount: highAmount, settings: low }) &&
          base <= cardSurcharge({ amount: lowAmount, settings: high }) &&
          // Never more than the exact rate plus half a cent of rounding, plus the fixed fee.
          base <= (lowAmount * lowRate) / 10_000 + 0.5 + lowFixed
        )
      }),
      runs,
    )
  })
})

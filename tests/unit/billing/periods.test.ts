import { fromDate } from '@internationalized/date'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  calendarDateAt,
  daysBetween,
  instantAt,
  isCalendarDate,
  isoDayOfWeek,
} from '~/server/billing/calendar'
import {
  billingPeriod,
  billingPeriodEndingOn,
  billingPeriodOn,
  billingPeriodStart,
  billingPeriodsBetween,
  isRecurringFrequency,
  type Pause,
  pausedDays,
  periodLengthBounds,
  type RecurringBillingFrequency,
  recurringBillingFrequencies,
} from '~/server/billing/periods'

function starts(
  anchor: string,
  frequency: RecurringBillingFrequency,
  count: number,
  pauses?: Pause[],
): string[] {
  return Array.from({ length: count }, (_, index) => billingPeriodStart({ anchor, frequency, index, pauses }))
}

// An independent oracle: plain UTC date arithmetic, clamping month steps to the month's last day.
const monthsPerStep: Partial<Record<RecurringBillingFrequency, number>> = {
  monthly: 1,
  bi_monthly: 2,
  quarterly: 3,
  twice_yearly: 6,
  yearly: 12,
}
const daysPerStep: Partial<Record<RecurringBillingFrequency, number>> = {
  daily: 1,
  weekly: 7,
  fortnightly: 14,
}

function oracleStart(anchor: string, frequency: RecurringBillingFrequency, index: number): string {
  const [year = 0, month = 0, day = 0] = anchor.split('-').map(Number)
  const days = daysPerStep[frequency]
  if (days !== undefined)
    return new Date(Date.UTC(year, month - 1, day + days * index)).toISOString().slice(0, 10)
  const months = month - 1 + (monthsPerStep[frequency] ?? 0) * index
  const lastDay = new Date(Date.UTC(year, months + 1, 0)).getUTCDate()
  return new Date(Date.UTC(year, months, Math.min(day, lastDay))).toISOString().slice(0, 10)
}

describe('billing periods', () => {
  it('keeps a monthly anchor on the 31st at month ends: Feb 28, then back to Mar 31', () => {
    expect(starts('2025-01-31', 'monthly', 6)).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
      '2025-06-30',
    ])
  })

  it('uses Feb 29 in a leap year', () => {
    expect(starts('2028-01-31', 'monthly', 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31'])
    expect(starts('2028-02-29', 'yearly', 5)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ])
  })

  it('steps weekly and fortnightly by 7 and 14 days across month and year ends', () => {
    expect(starts('2025-12-17', 'weekly', 4)).toEqual([
      '2025-12-17',
      '2025-12-24',
      '2025-12-31',
      '2026-01-07',
    ])
    expect(starts('2025-12-17', 'fortnightly', 3)).toEqual(['2025-12-17', '2025-12-31', '2026-01-14'])
  })

  it('ends a period on the first day of the next one', () => {
    expect(billingPeriod({ anchor: '2025-01-31', frequency: 'monthly', index: 1 })).toEqual({
      index: 1,
      start: '2025-02-28',
      end: '2025-03-31',
    })
    expect(billingPeriod({ anchor: '2026-03-02', frequency: 'quarterly', index: 0 })).toEqual({
      index: 0,
      start: '2026-03-02',
      end: '2026-06-02',
    })
  })

  it('finds the period containing a date, including its first and last day', () => {
    const anchor = '2025-01-31'
    expect(billingPeriodOn({ anchor, frequency: 'monthly', date: '2025-03-15' })).toEqual({
      index: 1,
      start: '2025-02-28',
      end: '2025-03-31',
    })
    expect(billingPeriodOn({ anchor, frequency: 'monthly', date: '2025-03-31' }).start).toBe('2025-03-31')
    expect(billingPeriodOn({ anchor, frequency: 'monthly', date: '2025-03-30' }).start).toBe('2025-02-28')
    expect(billingPeriodOn({ anchor: '2026-01-05', frequency: 'weekly', date: '2026-01-18' })).toEqual({
      index: 1,
      start: '2026-01-12',
      end: '2026-01-19',
    })
    expect(billingPeriodOn({ anchor: '2024-02-29', frequency: 'yearly', date: '2026-02-28' }).start).toBe(
      '2026-02-28',
    )
  })

  it('gives the first period for a date before the anchor (a subscription that has not started)', () => {
    expect(billingPeriodOn({ anchor: '2026-05-10', frequency: 'fortnightly', date: '2026-04-01' })).toEqual({
      index: 0,
      start: '2026-05-10',
      end: '2026-05-24',
    })
  })

  it('agrees with stepping for every day of two years, for every frequency', () => {
    const frequencies: RecurringBillingFrequency[] = [
      'daily',
      'weekly',
      'fortnightly',
      'monthly',
      'bi_monthly',
      'quarterly',
      'twice_yearly',
      'yearly',
    ]
    for (const frequency of frequencies) {
      for (const anchor of ['2024-01-31', '2024-02-29', '2024-08-30']) {
        for (let day = 0; day < 730; day += 3) {
          const date = addDays(anchor, day)
          const period = billingPeriodOn({ anchor, frequency, date })
          expect(period.start <= date && date < period.end, `${frequency} ${anchor} ${date}`).toBe(true)
          expect(period.start).toBe(billingPeriodStart({ anchor, frequency, index: period.index }))
        }
      }
    }
  })

  it('lists the periods between two dates', () => {
    expect(
      billingPeriodsBetween({
        anchor: '2025-10-31',
        frequency: 'monthly',
        from: '2025-12-01',
        until: '2026-03-01',
      }),
    ).toEqual([
      { index: 1, start: '2025-11-30', end: '2025-12-31' },
      { index: 2, start: '2025-12-31', end: '2026-01-31' },
      { index: 3, start: '2026-01-31', end: '2026-02-28' },
      { index: 4, start: '2026-02-28', end: '2026-03-31' },
    ])
    expect(billingPeriodsBetween({ anchor: '2026-06-01', frequency: 'weekly', until: '2026-05-01' })).toEqual(
      [],
    )
  })

  it('does not move a billing date across the daylight-saving changes', () => {
    // NZ daylight time starts on 2025-09-28 (+12:00 → +13:00) and ends on 2026-04-05 (+13:00 → +12:00).
    expect(starts('2025-09-21', 'weekly', 3)).toEqual(['2025-09-21', '2025-09-28', '2025-10-05'])
    expect(starts('2026-03-29', 'weekly', 3)).toEqual(['2026-03-29', '2026-04-05', '2026-04-12'])
    expect(starts('2025-09-27', 'daily', 3)).toEqual(['2025-09-27', '2025-09-28', '2025-09-29'])
    // The same wall-clock midnight is a different UTC offset on either side of the change…
    expect(instantAt('2025-09-27').toISOString()).toBe('2025-09-26T12:00:00.000Z')
    expect(instantAt('2025-09-29').toISOString()).toBe('2025-09-28T11:00:00.000Z')
    // …and both map back to the Auckland day they were made from.
    expect(calendarDateAt(instantAt('2025-09-29'))).toBe('2025-09-29')
    expect(calendarDateAt(instantAt('2026-04-05', '23:59'))).toBe('2026-04-05')
  })
})

describe('calendar helpers', () => {
  it('reads an instant as an Auckland day, not a UTC one', () => {
    // 11:30 UTC on 31 Jan is 00:30 on 1 Feb in Auckland (+13:00 in summer).
    expect(calendarDateAt(new Date('2026-01-31T11:30:00Z'))).toBe('2026-02-01')
    expect(calendarDateAt(new Date('2026-01-31T10:30:00Z'))).toBe('2026-01-31')
  })

  it('counts days, weekdays and valid dates', () => {
    expect(daysBetween('2026-02-01', '2026-03-01')).toBe(28)
    expect(daysBetween('2026-03-01', '2026-02-01')).toBe(-28)
    expect(isoDayOfWeek('2026-03-02')).toBe(1)
    expect(isoDayOfWeek('2026-03-08')).toBe(7)
    expect(isCalendarDate('2028-02-29')).toBe(true)
    expect(isCalendarDate('2026-02-29')).toBe(false)
    expect(isCalendarDate('2026-2-1')).toBe(false)
  })

  it('turns every wall-clock time of the year back into the same Auckland day and time', () => {
    for (let offset = 0; offset < 366; offset += 1) {
      const date = addDays('2025-07-01', offset)
      // Times on both sides of the 02:00–03:00 changes, all of which exist on every day.
      for (const time of ['00:00', '01:59', '03:00', '05:45', '12:00', '17:30', '23:59']) {
        const local = fromDate(instantAt(date, time), 'Pacific/Auckland').toString()
        expect(`${local.slice(0, 10)} ${local.slice(11, 16)}`).toBe(`${date} ${time}`)
      }
    }
  })

  it('moves a wall-clock time that does not exist that night to later', () => {
    // 02:30 on 2025-09-28 is skipped in Auckland (clocks go from 02:00 to 03:00).
    expect(instantAt('2025-09-28', '02:30').toISOString()).toBe('2025-09-27T14:30:00.000Z')
  })
})

describe('every frequency of SPEC §9', () => {
  it('knows the nine frequencies, eight of which repeat', () => {
    expect(recurringBillingFrequencies).toHaveLength(8)
    expect(isRecurringFrequency('one_off')).toBe(false)
    expect(periodLengthBounds('one_off')).toBeNull()
    for (const frequency of recurringBillingFrequencies) expect(isRecurringFrequency(frequency)).toBe(true)
  })

  it('steps each frequency from an anchor on the 31st of January', () => {
    const anchor = '2026-01-31'
    expect(starts(anchor, 'daily', 3)).toEqual(['2026-01-31', '2026-02-01', '2026-02-02'])
    expect(starts(anchor, 'weekly', 3)).toEqual(['2026-01-31', '2026-02-07', '2026-02-14'])
    expect(starts(anchor, 'fortnightly', 3)).toEqual(['2026-01-31', '2026-02-14', '2026-02-28'])
    expect(starts(anchor, 'monthly', 4)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'])
    expect(starts(anchor, 'bi_monthly', 4)).toEqual(['2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31'])
    expect(starts(anchor, 'quarterly', 5)).toEqual([
      '2026-01-31',
      '2026-04-30',
      '2026-07-31',
      '2026-10-31',
      '2027-01-31',
    ])
    expect(starts(anchor, 'twice_yearly', 3)).toEqual(['2026-01-31', '2026-07-31', '2027-01-31'])
    expect(starts(anchor, 'yearly', 3)).toEqual(['2026-01-31', '2027-01-31', '2028-01-31'])
  })

  it('agrees with plain UTC arithmetic for 40 periods of every frequency from awkward anchors', () => {
    for (const frequency of recurringBillingFrequencies) {
      for (const anchor of ['2026-01-31', '2026-08-31', '2027-11-30', '2028-02-29', '2029-12-29']) {
        for (let index = -3; index < 40; index += 1) {
          expect(billingPeriodStart({ anchor, frequency, index }), `${frequency} ${anchor} #${index}`).toBe(
            oracleStart(anchor, frequency, index),
          )
        }
      }
    }
  })

  it('gives the period that ends on a billing date its real length', () => {
    expect(billingPeriodEndingOn({ end: '2026-03-01', frequency: 'monthly' })).toEqual({
      index: -1,
      start: '2026-02-01',
      end: '2026-03-01',
    })
    expect(billingPeriodEndingOn({ end: '2028-03-01', frequency: 'monthly' }).start).toBe('2028-02-01')
    expect(billingPeriodEndingOn({ end: '2026-03-31', frequency: 'monthly' }).start).toBe('2026-02-28')
    expect(billingPeriodEndingOn({ end: '2026-03-01', frequency: 'weekly' }).start).toBe('2026-02-22')
    expect(billingPeriodEndingOn({ end: '2029-02-28', frequency: 'yearly' }).start).toBe('2028-02-28')
  })

  it('keeps period lengths within each frequency’s bounds', () => {
    for (const frequency of recurringBillingFrequencies) {
      const bounds = periodLengthBounds(frequency)
      for (const period of billingPeriodsBetween({ anchor: '2027-12-31', frequency, until: '2032-12-31' })) {
        const days = daysBetween(period.start, period.end)
        expect(days).toBeGreaterThanOrEqual(bounds?.min ?? Number.NaN)
        expect(days).toBeLessThanOrEqual(bounds?.max ?? Number.NaN)
      }
    }
  })
})

describe('leap years', () => {
  it('bills on 29 Feb 2028 and clamps back afterwards, for every month-based frequency', () => {
    expect(starts('2027-12-29', 'monthly', 4)).toEqual([
      '2027-12-29',
      '2028-01-29',
      '2028-02-29',
      '2028-03-29',
    ])
    expect(starts('2027-12-31', 'bi_monthly', 4)).toEqual([
      '2027-12-31',
      '2028-02-29',
      '2028-04-30',
      '2028-06-30',
    ])
    expect(starts('2027-11-30', 'quarterly', 3)).toEqual(['2027-11-30', '2028-02-29', '2028-05-30'])
    expect(starts('2027-08-31', 'twice_yearly', 3)).toEqual(['2027-08-31', '2028-02-29', '2028-08-31'])
    expect(starts('2027-02-28', 'yearly', 3)).toEqual(['2027-02-28', '2028-02-28', '2029-02-28'])
  })

  it('counts 29 February as a day for day-based frequencies', () => {
    expect(starts('2028-02-27', 'daily', 4)).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01'])
    expect(starts('2028-02-22', 'weekly', 3)).toEqual(['2028-02-22', '2028-02-29', '2028-03-07'])
    expect(starts('2028-02-15', 'fortnightly', 3)).toEqual(['2028-02-15', '2028-02-29', '2028-03-14'])
  })

  it('makes February 2028 a 29-day period and the leap year a 366-day one', () => {
    const february = billingPeriodOn({ anchor: '2028-01-01', frequency: 'monthly', date: '2028-02-29' })
    expect(february).toEqual({ index: 1, start: '2028-02-01', end: '2028-03-01' })
    expect(daysBetween(february.start, february.end)).toBe(29)
    const year = billingPeriod({ anchor: '2028-01-01', frequency: 'yearly', index: 0 })
    expect(daysBetween(year.start, year.end)).toBe(366)
  })
})

describe('New Zealand daylight-saving change days', () => {
  // Daylight time ends on the first Sunday of April and starts on the last Sunday of September.
  const changeDays = ['2026-04-05', '2026-09-27', '2027-04-04', '2027-09-26']

  it('are the days whose midnight-to-midnight is 23 or 25 hours', () => {
    for (const day of changeDays) {
      const hours = (instantAt(addDays(day, 1)).getTime() - instantAt(day).getTime()) / 3_600_000
      expect([23, 25]).toContain(hours)
      expect(isoDayOfWeek(day)).toBe(7)
    }
  })

  it('never move a billing date, for any frequency, anchored on, before or after the change', () => {
    for (const day of changeDays) {
      for (const frequency of recurringBillingFrequencies) {
        for (const anchor of [day, addDays(day, -1), addDays(day, 1), addDays(day, -7), addDays(day, -14)]) {
          for (let index = 0; index < 6; index += 1) {
            expect(billingPeriodStart({ anchor, frequency, index })).toBe(
              oracleStart(anchor, frequency, index),
            )
          }
        }
        const period = billingPeriodOn({ anchor: day, frequency, date: day })
        expect(period.start).toBe(day)
      }
    }
  })

  it('keeps weekly billing on the change day itself', () => {
    expect(starts('2026-03-22', 'weekly', 4)).toEqual([
      '2026-03-22',
      '2026-03-29',
      '2026-04-05',
      '2026-04-12',
    ])
    expect(starts('2026-09-13', 'fortnightly', 3)).toEqual(['2026-09-13', '2026-09-27', '2026-10-11'])
    expect(starts('2027-03-04', 'monthly', 3)).toEqual(['2027-03-04', '2027-04-04', '2027-05-04'])
    expect(starts('2027-03-26', 'twice_yearly', 2)).toEqual(['2027-03-26', '2027-09-26'])
    expect(starts('2026-09-26', 'daily', 3)).toEqual(['2026-09-26', '2026-09-27', '2026-09-28'])
  })

  it('reads the change day’s instants back as that day', () => {
    for (const day of changeDays) {
      for (const time of ['00:00', '01:30', '04:00', '12:00', '23:59']) {
        expect(calendarDateAt(instantAt(day, time))).toBe(day)
      }
    }
  })
})

describe('pauses', () => {
  it('counts a pause’s days up to its resume day', () => {
    expect(pausedDays({ start: '2026-03-10', end: '2026-03-24' })).toBe(14)
    expect(pausedDays({ start: '2026-03-10', end: '2026-03-10' })).toBe(0)
  })

  it('moves the next charge and every later one by a two-week pause', () => {
    const pauses = [{ start: '2026-03-10', end: '2026-03-24' }]
    expect(starts('2026-01-01', 'monthly', 6, pauses)).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-15',
      '2026-05-15',
      '2026-06-15',
    ])
    // The paused period grows by the paused days; the periods before it are untouched.
    expect(billingPeriod({ anchor: '2026-01-01', frequency: 'monthly', index: 2, pauses })).toEqual({
      index: 2,
      start: '2026-03-01',
      end: '2026-04-15',
    })
  })

  it('moves a billing date that falls on the first day of a pause to the resume day', () => {
    const pauses = [{ start: '2026-03-15', end: '2026-03-29' }]
    expect(starts('2026-03-01', 'weekly', 5, pauses)).toEqual([
      '2026-03-01',
      '2026-03-08',
      '2026-03-29',
      '2026-04-05',
      '2026-04-12',
    ])
  })

  it('never bills inside a pause, however long, for any frequency', () => {
    const pauses = [
      { start: '2026-02-03', end: '2026-02-20' },
      { start: '2026-05-30', end: '2026-08-02' },
    ]
    for (const frequency of recurringBillingFrequencies) {
      const periods = billingPeriodsBetween({ anchor: '2026-01-31', frequency, until: '2027-12-31', pauses })
      for (const period of periods) {
        for (const pause of pauses) {
          expect(
            period.start < pause.start || period.start >= pause.end,
            `${frequency} ${period.start}`,
          ).toBe(true)
        }
      }
      for (let i = 1; i < periods.length; i += 1) expect(periods[i]?.start).toBe(periods[i - 1]?.end)
    }
  })

  it('keeps month-end clamping from the anchor after a pause', () => {
    const pauses = [{ start: '2026-02-10', end: '2026-02-13' }]
    expect(starts('2026-01-31', 'monthly', 5, pauses)).toEqual([
      '2026-01-31',
      '2026-03-03',
      '2026-04-03',
      '2026-05-03',
      '2026-06-03',
    ])
  })

  it('adds up several pauses, a pause before the start and a pause inside a lengthened period', () => {
    expect(starts('2026-03-01', 'monthly', 3, [{ start: '2026-02-20', end: '2026-03-06' }])).toEqual([
      '2026-03-06',
      '2026-04-06',
      '2026-05-06',
    ])
    // The second pause starts after the first ends but before the lengthened period's end.
    const pauses = [
      { start: '2026-01-20', end: '2026-01-30' },
      { start: '2026-02-05', end: '2026-02-08' },
    ]
    expect(starts('2026-01-01', 'monthly', 4, pauses)).toEqual([
      '2026-01-01',
      '2026-02-14',
      '2026-03-14',
      '2026-04-14',
    ])
  })

  it('finds the period containing a date through pauses, in either order of the pause list', () => {
    const pauses = [
      { start: '2026-06-10', end: '2026-06-20' },
      { start: '2026-03-10', end: '2026-03-24' },
    ]
    const anchor = '2026-01-01'
    expect(billingPeriodOn({ anchor, frequency: 'monthly', date: '2026-04-14', pauses })).toEqual({
      index: 2,
      start: '2026-03-01',
      end: '2026-04-15',
    })
    expect(billingPeriodOn({ anchor, frequency: 'monthly', date: '2026-04-15', pauses }).start).toBe(
      '2026-04-15',
    )
    expect(billingPeriodOn({ anchor, frequency: 'monthly', date: '2026-07-01', pauses })).toEqual({
      index: 5,
      start: '2026-06-25',
      end: '2026-07-25',
    })
    for (let day = 0; day < 400; day += 1) {
      const date = addDays(anchor, day)
      const period = billingPeriodOn({ anchor, frequency: 'weekly', date, pauses })
      expect(period.start <= date && date < period.end, date).toBe(true)
    }
  })

  it('refuses overlapping pauses and a pause that ends before it starts', () => {
    expect(() =>
      billingPeriodStart({
        anchor: '2026-01-01',
        frequency: 'weekly',
        index: 3,
        pauses: [
          { start: '2026-01-05', end: '2026-01-15' },
          { start: '2026-01-10', end: '2026-01-20' },
        ],
      }),
    ).toThrow(RangeError)
    expect(() =>
      billingPeriodStart({
        anchor: '2026-01-01',
        frequency: 'weekly',
        index: 3,
        pauses: [{ start: '2026-01-15', end: '2026-01-05' }],
      }),
    ).toThrow(RangeError)
  })
})

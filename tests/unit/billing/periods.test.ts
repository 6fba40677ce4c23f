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
  billingPeriodOn,
  billingPeriodStart,
  billingPeriodsBetween,
  type RecurringBillingFrequency,
} from '~/server/billing/periods'

function starts(anchor: string, frequency: RecurringBillingFrequency, count: number): string[] {
  return Array.from({ length: count }, (_, index) => billingPeriodStart({ anchor, frequency, index }))
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

import { describe, expect, it } from 'vitest'
import { formatDate, formatLongDate, toAucklandDay } from '~/lib/dates'
import { formatTime, toEpochMilliseconds } from '~/lib/instants'
import { formatCents } from '~/lib/money'

describe('formatCents', () => {
  it('shows NZD as en-NZ does: a plain dollar sign, two decimals, thousands separators', () => {
    expect(new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD' }).format(25)).toBe('$25.00')
    expect(formatCents(2500)).toBe('$25.00')
    expect(formatCents(0)).toBe('$0.00')
    expect(formatCents(5)).toBe('$0.05')
    expect(formatCents(123_456)).toBe('$1,234.56')
    expect(formatCents(-1250)).toBe('-$12.50')
  })
})

describe('dates for display', () => {
  it('formats a calendar day as `3 Mar 2026`', () => {
    expect(formatDate('2026-03-03')).toBe('3 Mar 2026')
    expect(formatDate('2028-02-29')).toBe('29 Feb 2028')
    expect(formatDate('2026-12-31')).toBe('31 Dec 2026')
  })

  it('formats an instant as its Auckland day', () => {
    // 11:30 UTC on 31 Jan is 00:30 on 1 Feb in Auckland.
    expect(formatDate('2026-01-31T11:30:00Z')).toBe('1 Feb 2026')
    expect(formatDate('2026-01-31T10:30:00.000Z')).toBe('31 Jan 2026')
    expect(formatDate('2026-04-05T23:59:00+12:00')).toBe('5 Apr 2026')
  })

  it('shows `Invalid DateTime` for anything else (SPEC §8)', () => {
    for (const value of ['', 'soon', '2026-02-30', '2026-13-01', '2026-03-03T10:00:00', null, undefined]) {
      expect(formatDate(value)).toBe('Invalid DateTime')
    }
  })

  it('reads days and instants for comparison', () => {
    expect(toAucklandDay('2026-09-27')).toBe('2026-09-27')
    expect(toAucklandDay('2026-02-29')).toBeNull()
    expect(toEpochMilliseconds('2026-09-27')).toBe(Date.parse('2026-09-26T12:00:00Z'))
    expect(toEpochMilliseconds('2026-09-28')).toBe(Date.parse('2026-09-27T11:00:00Z'))
    expect(toEpochMilliseconds('2026-09-28T00:00:00+13:00')).toBe(Date.parse('2026-09-27T11:00:00Z'))
    expect(toEpochMilliseconds('whenever')).toBeNull()
  })

  it('gives the Auckland day either side of the clocks going forward (last Sunday of September)', () => {
    // 27 Sep 2026: 2 am NZST (+12) becomes 3 am NZDT (+13) at 14:00 UTC on the 26th.
    expect(toAucklandDay('2026-09-26T11:59:59Z')).toBe('2026-09-26')
    expect(toAucklandDay('2026-09-26T12:00:00Z')).toBe('2026-09-27')
    expect(toAucklandDay('2026-09-27T10:59:59Z')).toBe('2026-09-27')
    expect(toAucklandDay('2026-09-27T11:00:00Z')).toBe('2026-09-28')
    expect(formatLongDate('2026-09-27T02:30:00+13:00')).toBe('Sun 27 Sept 2026')
    expect(formatTime('2026-09-26T13:59:00Z')).toBe('1:59 am')
    expect(formatTime('2026-09-26T14:00:00Z')).toBe('3:00 am')
  })

  it('gives the Auckland day either side of the clocks going back (first Sunday of April)', () => {
    // 5 Apr 2026: 3 am NZDT (+13) becomes 2 am NZST (+12) at 14:00 UTC on the 4th.
    expect(toAucklandDay('2026-04-04T10:59:59Z')).toBe('2026-04-04')
    expect(toAucklandDay('2026-04-04T11:00:00Z')).toBe('2026-04-05')
    expect(toAucklandDay('2026-04-05T11:59:59Z')).toBe('2026-04-05')
    expect(toAucklandDay('2026-04-05T12:00:00Z')).toBe('2026-04-06')
    expect(toEpochMilliseconds('2026-04-05')).toBe(Date.parse('2026-04-04T11:00:00Z'))
    expect(toEpochMilliseconds('2026-04-06')).toBe(Date.parse('2026-04-05T12:00:00Z'))
    expect(formatTime('2026-04-04T13:59:00Z')).toBe('2:59 am')
    expect(formatTime('2026-04-04T14:00:00Z')).toBe('2:00 am')
  })

  it('reads instants as the API writes them, and refuses what is not one', () => {
    expect(toAucklandDay('2026-03-03T10:00:00.123+13:00')).toBe('2026-03-03')
    expect(toAucklandDay('2026-03-03T10:00:00.123+1300')).toBe('2026-03-03')
    expect(toAucklandDay('2026-03-02T23:00:00-11')).toBe('2026-03-03')
    expect(toAucklandDay('2026-03-03T00:00:00-11')).toBe('2026-03-04')
    for (const value of [
      '2026-03-03T24:00:00Z',
      '2026-03-03T10:60:00Z',
      '2026-02-30T10:00:00Z',
      '2026-03-03 10:00Z',
    ]) {
      expect(toAucklandDay(value)).toBeNull()
      expect(formatDate(value)).toBe('Invalid DateTime')
      expect(formatTime(value)).toBe('Invalid DateTime')
    }
  })
})

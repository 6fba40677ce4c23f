import { describe, expect, it } from 'vitest'
import { formatDate, toAucklandDay, toEpochMilliseconds } from '~/lib/dates'
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
})

import { describe, expect, it } from 'vitest'
import { comparePriceRates } from '~/server/billing/term-value'
import { priceRiseNotice } from '~/server/services/subscriptions/price-change-rules.server'

/** 28 Nov 2026, mid-morning in Auckland. */
const now = new Date('2026-11-27T21:00:00Z')
const weekly = (amount: number) => ({ amount, billingFrequency: 'weekly' as const })
const monthly = (amount: number) => ({ amount, billingFrequency: 'monthly' as const })
const notice = (options: {
  from: { amount: number; billingFrequency: 'weekly' | 'monthly' }
  to: { amount: number; billingFrequency: 'weekly' | 'monthly' }
  takesEffectOn: string
  forcePriceAmount?: number | null
  noticeDays?: number
}) =>
  priceRiseNotice({
    subscription: { forcePriceAmount: options.forcePriceAmount ?? null },
    from: options.from,
    to: options.to,
    takesEffectOn: options.takesEffectOn,
    noticeDays: options.noticeDays ?? 30,
    now,
  })

describe('notice before a price rise', () => {
  it('refuses a rise that takes effect before the notice period is over, in words', () => {
    expect(notice({ from: weekly(2500), to: weekly(2900), takesEffectOn: '2026-12-05' })).toEqual({
      kind: 'rise',
      earliest: '2026-12-28',
      refused: "Price rises need 30 days' notice: the earliest day is 28 Dec 2026",
    })
  })

  it('allows a rise from the earliest day on', () => {
    expect(notice({ from: weekly(2500), to: weekly(2900), takesEffectOn: '2026-12-28' }).refused).toBeNull()
  })

  it('allows a cut or the same price any day', () => {
    expect(notice({ from: weekly(2500), to: weekly(1900), takesEffectOn: '2026-11-28' })).toMatchObject({
      kind: 'cut',
      refused: null,
    })
    expect(notice({ from: weekly(2500), to: weekly(2500), takesEffectOn: '2026-11-28' })).toMatchObject({
      kind: 'same',
      refused: null,
    })
  })

  it('compares what the member pays now: a forced amount, not the price', () => {
    // On a $25.00 price but paying $20.00: moving to $22.00 is a rise.
    expect(
      notice({ from: weekly(2500), to: weekly(2200), forcePriceAmount: 2000, takesEffectOn: '2026-12-01' }),
    ).toMatchObject({ kind: 'rise' })
  })

  it('compares across frequencies over a year (52 weeks, 12 months)', () => {
    // $25.00 a week is $108.33 a month: $100.00 monthly is a cut, $110.00 monthly a rise.
    expect(notice({ from: weekly(2500), to: monthly(10000), takesEffectOn: '2026-12-01' }).kind).toBe('cut')
    expect(notice({ from: weekly(2500), to: monthly(11000), takesEffectOn: '2026-12-01' }).kind).toBe('rise')
    expect(comparePriceRates(weekly(1200), { amount: 2400, billingFrequency: 'fortnightly' })).toBe(0)
  })

  it('follows the organisation’s own period, in days (one day said singular)', () => {
    expect(
      notice({ from: weekly(2500), to: weekly(2900), takesEffectOn: '2026-11-28', noticeDays: 1 }).refused,
    ).toBe("Price rises need 1 day's notice: the earliest day is 29 Nov 2026")
    expect(
      notice({ from: weekly(2500), to: weekly(2900), takesEffectOn: '2026-11-28', noticeDays: 0 }).refused,
    ).toBeNull()
  })
})

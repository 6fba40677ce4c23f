import { describe, expect, it } from 'vitest'
import { AppError } from '~/lib/errors'
import { proRata } from '~/server/billing/pro-rata'

const monthly = { amount: 5000, billingFrequency: 'monthly' as const }
const weekly = { amount: 2500, billingFrequency: 'weekly' as const }

function validationErrorOf(run: () => unknown): AppError {
  try {
    run()
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected a validation error')
}

describe('pro-rata', () => {
  it('charges the part of the period from the start date up to the billing date', () => {
    const result = proRata({ price: monthly, startDate: '2026-02-15', billingDate: '2026-03-01' })
    expect(result).toMatchObject({ amount: 2500, days: 14, periodDays: 28, periodStart: '2026-02-01' })
    expect(result.dailyRate).toBe(178.57)
  })

  it('uses the real length of February, in leap and common years', () => {
    expect(proRata({ price: monthly, startDate: '2028-02-15', billingDate: '2028-03-01' })).toMatchObject({
      days: 15,
      periodDays: 29,
      amount: 2586, // 5000 × 15 ÷ 29 = 2586.2
    })
    expect(proRata({ price: monthly, startDate: '2026-02-16', billingDate: '2026-03-01' }).amount).toBe(2321) // 2321.4
    // The period ending on 31 Mar runs from the clamped 28 Feb: 31 days.
    expect(proRata({ price: monthly, startDate: '2026-03-15', billingDate: '2026-03-31' })).toMatchObject({
      days: 16,
      periodDays: 31,
      amount: 2581, // 2580.6
    })
  })

  it('rounds half a cent up', () => {
    // One cent a fortnight: 7 days is exactly half a cent.
    const price = { amount: 1, billingFrequency: 'fortnightly' as const }
    expect(proRata({ price, startDate: '2026-03-08', billingDate: '2026-03-15' }).amount).toBe(1) // 0.5 → 1
    expect(proRata({ price, startDate: '2026-03-09', billingDate: '2026-03-15' }).amount).toBe(0) // 0.43 → 0
  })

  it('is zero on the billing date itself and the whole amount a full period before', () => {
    const none = proRata({ price: weekly, startDate: '2026-03-01', billingDate: '2026-03-01' })
    expect(none).toMatchObject({ amount: 0, days: 0, periodDays: 7 })
    expect(none.explanation.at(-1)).toBe('Pro-rata amount: $0.00.')
    expect(proRata({ price: weekly, startDate: '2026-02-22', billingDate: '2026-03-01' }).amount).toBe(2500)
  })

  it('explains itself in words', () => {
    const result = proRata({ price: monthly, startDate: '2026-02-15', billingDate: '2026-03-01' })
    expect(result.explanation).toEqual([
      'The membership starts on 15 Feb 2026; the first regular payment is on 1 Mar 2026.',
      '15 Feb 2026 up to 1 Mar 2026 is 14 days.',
      'The monthly period ending 1 Mar 2026 runs from 1 Feb 2026: 28 days.',
      'Daily rate: $50.00 ÷ 28 ≈ $1.79 a day.',
      '14 days of a 28-day period at $50.00 monthly: $50.00 × 14 ÷ 28 = $25.00.',
    ])
    const one = proRata({ price: weekly, startDate: '2026-02-28', billingDate: '2026-03-01' })
    expect(one.explanation.at(-1)).toBe('1 day of a 7-day period at $25.00 weekly: $25.00 × 1 ÷ 7 = $3.57.')
  })

  it('works for every recurring frequency across a daylight-saving change', () => {
    const expectations = [
      ['daily', 1, 0],
      ['weekly', 7, 3],
      ['fortnightly', 14, 3],
      ['monthly', 31, 3],
      ['bi_monthly', 59, 3],
      ['quarterly', 90, 3],
      ['twice_yearly', 182, 3],
      ['yearly', 365, 3],
    ] as const
    for (const [billingFrequency, periodDays, days] of expectations) {
      const startDate = days === 0 ? '2026-04-06' : '2026-04-03'
      const result = proRata({
        price: { amount: 10_000, billingFrequency },
        startDate,
        billingDate: '2026-04-06',
      })
      expect(result, billingFrequency).toMatchObject({ periodDays, days })
    }
  })

  it('honours a forced per-period amount', () => {
    expect(
      proRata({ price: monthly, forcePriceAmount: 2800, startDate: '2026-02-15', billingDate: '2026-03-01' })
        .amount,
    ).toBe(1400)
  })

  it('refuses a billing date before the start date, more than a period after it, or bad input', () => {
    const before = validationErrorOf(() =>
      proRata({ price: monthly, startDate: '2026-03-02', billingDate: '2026-03-01' }),
    )
    expect(before.code).toBe('VALIDATION')
    expect(before.fieldErrors).toEqual({
      billing_date: ['The billing date must be on or after the start date.'],
    })
    const tooFar = validationErrorOf(() =>
      proRata({ price: weekly, startDate: '2026-02-21', billingDate: '2026-03-01' }),
    )
    expect(tooFar.fieldErrors?.billing_date).toEqual([
      'The billing date must be no more than one weekly period (7 days) after the start date.',
    ])
    expect(
      validationErrorOf(() => proRata({ price: monthly, startDate: '2026-02-30', billingDate: '2026-03-01' }))
        .fieldErrors,
    ).toEqual({ start_date: ['The start date is not a valid date.'] })
    expect(
      validationErrorOf(() =>
        proRata({
          price: { amount: 100, billingFrequency: 'one_off' },
          startDate: '2026-02-01',
          billingDate: '2026-03-01',
        }),
      ).fieldErrors,
    ).toEqual({ price: ['A one-off price has no billing period to pro-rate.'] })
  })
})

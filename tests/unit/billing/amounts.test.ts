import { describe, expect, it } from 'vitest'
import {
  cardSurcharge,
  describeCardSurchargeRate,
  divideRoundingHalfUp,
  firstPaymentAmount,
  periodAmount,
  surchargeTotal,
} from '~/server/billing/amounts'

const price = { amount: 2500, joiningFee: 4900 }
const noSurcharge = { cardSurchargeBasisPoints: 0, cardSurchargeFixed: 0, generalCardSurchargeText: null }
const stripeLike = { cardSurchargeBasisPoints: 295, cardSurchargeFixed: 30, generalCardSurchargeText: null }

describe('period and first-payment amounts', () => {
  it('charges the price, or the amount staff forced', () => {
    expect(periodAmount({ price })).toBe(2500)
    expect(periodAmount({ price, forcePriceAmount: null })).toBe(2500)
    expect(periodAmount({ price, forcePriceAmount: 1999 })).toBe(1999)
    expect(periodAmount({ price, forcePriceAmount: 0 })).toBe(0)
  })

  it('adds the joining fee to the first payment', () => {
    expect(firstPaymentAmount({ price })).toEqual({
      amount: 7400,
      base: 2500,
      joiningFee: 4900,
      isProRata: false,
    })
    expect(firstPaymentAmount({ price, forcePriceAmount: 2000 }).amount).toBe(6900)
    expect(firstPaymentAmount({ price: { amount: 2500, joiningFee: 0 } }).amount).toBe(2500)
  })

  it('takes the pro-rata part instead of a full period when the member starts before billing day', () => {
    expect(firstPaymentAmount({ price, proRata: { amount: 1250, days: 14 } })).toEqual({
      amount: 6150,
      base: 1250,
      joiningFee: 4900,
      isProRata: true,
    })
    // Starting on the billing day is not pro-rata: the first period is charged in full.
    expect(firstPaymentAmount({ price, proRata: { amount: 0, days: 0 } })).toEqual({
      amount: 7400,
      base: 2500,
      joiningFee: 4900,
      isProRata: false,
    })
  })

  it('refuses amounts that are not whole, non-negative cents', () => {
    expect(() => periodAmount({ price: { amount: 25.5 } })).toThrow(RangeError)
    expect(() => periodAmount({ price, forcePriceAmount: -1 })).toThrow(RangeError)
    expect(() => firstPaymentAmount({ price: { amount: 2500, joiningFee: -5 } })).toThrow(RangeError)
  })
})

describe('card surcharge', () => {
  it('takes basis points of the amount, rounded half-up, plus the fixed fee', () => {
    // 2.95 % of $25.00 = 73.75 c → 74 c, + 30 c.
    expect(cardSurcharge({ amount: 2500, settings: stripeLike })).toBe(104)
    // 2.95 % of $10.00 = 29.5 c → 30 c (half-up), + 30 c.
    expect(cardSurcharge({ amount: 1000, settings: stripeLike })).toBe(60)
    // 2.95 % of $9.99 = 29.47 c → 29 c.
    expect(cardSurcharge({ amount: 999, settings: stripeLike })).toBe(59)
    expect(cardSurcharge({ amount: 2500, settings: noSurcharge })).toBe(0)
    expect(
      cardSurcharge({ amount: 2500, settings: { cardSurchargeBasisPoints: 0, cardSurchargeFixed: 50 } }),
    ).toBe(50)
  })

  it('charges nothing on nothing', () => {
    expect(cardSurcharge({ amount: 0, settings: stripeLike })).toBe(0)
  })

  it('refuses a rate outside 0–100 %', () => {
    const settings = { cardSurchargeBasisPoints: 10_001, cardSurchargeFixed: 0 }
    expect(() => cardSurcharge({ amount: 100, settings })).toThrow(RangeError)
  })

  it('rounds exact halves up, and only halves', () => {
    expect(divideRoundingHalfUp(5, 10)).toBe(1)
    expect(divideRoundingHalfUp(4, 10)).toBe(0)
    expect(divideRoundingHalfUp(15, 10)).toBe(2)
    expect(divideRoundingHalfUp(25, 10)).toBe(3)
    expect(divideRoundingHalfUp(0, 7)).toBe(0)
    expect(() => divideRoundingHalfUp(1, 0)).toThrow(RangeError)
  })

  it('describes the rate', () => {
    expect(describeCardSurchargeRate(stripeLike)).toBe('2.95% + $0.30')
    expect(describeCardSurchargeRate({ cardSurchargeBasisPoints: 250, cardSurchargeFixed: 0 })).toBe('2.5%')
    expect(describeCardSurchargeRate({ cardSurchargeBasisPoints: 0, cardSurchargeFixed: 100 })).toBe('$1.00')
    expect(describeCardSurchargeRate(noSurcharge)).toBeNull()
  })
})

describe('surcharge total (GET /api/surcharge-total)', () => {
  it('adds the surcharge for cards, with the rate in words', () => {
    expect(surchargeTotal({ amount: 2500, paymentType: 'stripe_card', settings: stripeLike })).toEqual({
      amount: 2500,
      surcharge: 104,
      total: 2604,
      surchargeText: 'Card payments carry a surcharge of 2.95% + $0.30.',
    })
  })

  it('prefers the organisation’s own wording', () => {
    const settings = { ...stripeLike, generalCardSurchargeText: '  A 3% fee applies to card payments.  ' }
    expect(surchargeTotal({ amount: 2500, paymentType: 'stripe_card', settings }).surchargeText).toBe(
      'A 3% fee applies to card payments.',
    )
  })

  it('adds nothing for bank accounts and manual payments, and has no text without a surcharge', () => {
    expect(surchargeTotal({ amount: 2500, paymentType: 'bank_account', settings: stripeLike })).toEqual({
      amount: 2500,
      surcharge: 0,
      total: 2500,
      surchargeText: 'Card payments carry a surcharge of 2.95% + $0.30.',
    })
    expect(surchargeTotal({ amount: 2500, paymentType: 'manual', settings: stripeLike }).total).toBe(2500)
    expect(surchargeTotal({ amount: 2500, paymentType: 'stripe_card', settings: noSurcharge })).toEqual({
      amount: 2500,
      surcharge: 0,
      total: 2500,
      surchargeText: null,
    })
  })
})

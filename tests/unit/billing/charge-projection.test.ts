import { describe, expect, it } from 'vitest'
import { instantAt } from '~/server/billing/calendar'
import { projectCharges, projectionMonths } from '~/server/billing/charge-projection'
import { nextCharge, type ScheduledPayment } from '~/server/billing/next-charge'
import { testScheduleSubscription } from '../../factories/schedule-subscription'

/** 2.5%, as the demo organisations charge. */
const surcharge = { cardSurchargeBasisPoints: 250, cardSurchargeFixed: 0 }
const monthly79 = { id: 1, amount: 7900, billingFrequency: 'monthly' as const }
const monthly52 = { id: 2, amount: 5200, billingFrequency: 'monthly' as const }
const now = instantAt('2026-11-27', '12:00')
const firstPaid: ScheduledPayment = {
  id: 1,
  dueOn: '2026-06-28',
  amount: 7900,
  surcharge: 0,
  creditUsed: 0,
  status: 'sent',
  type: 'bank_account',
  isRetry: false,
  periodStartAt: '2026-06-28',
}

describe('projectCharges', () => {
  it('asks nextCharge again after each charge: monthly by card, a price change, a pause, the end', () => {
    const subscription = testScheduleSubscription({
      transitionToPriceId: 2,
      transitionTakesEffectAt: 'date',
      transitionToDate: '2027-02-28',
      cancelledAt: instantAt('2027-04-01', '09:00'),
      undoCancellationUntil: instantAt('2027-06-28'),
    })
    const rules = {
      subscription,
      price: monthly79,
      transitionPrice: monthly52,
      // 1–14 March paused: the renewal of 28 March moves to 11 April, and so on.
      pauses: [{ start: '2027-03-01', end: '2027-03-15' }],
      method: { type: 'stripe_card' as const },
      surcharge,
      payments: [firstPaid],
      now,
    }
    const charges = projectCharges({ ...rules, until: '2027-10-31' })
    expect(charges[0]).toEqual(nextCharge(rules))
    expect(charges.map((charge) => [charge.on, charge.total, charge.newPrice])).toEqual([
      ['2026-12-28', 8098, false],
      ['2027-01-28', 8098, false],
      ['2027-02-28', 5330, true],
      ['2027-04-11', 5330, false],
      ['2027-05-12', 5330, false],
      ['2027-06-11', 5330, false],
    ])
  })

  it('takes the payments already made ahead as they stand, and does not charge their periods twice', () => {
    const ahead: ScheduledPayment = {
      ...firstPaid,
      id: 2,
      dueOn: '2026-11-28',
      periodStartAt: '2026-11-28',
      amount: 7500,
      status: 'upcoming',
    }
    const charges = projectCharges({
      subscription: testScheduleSubscription({
        currentPeriodStart: '2026-10-28',
        currentPeriodEnd: '2026-11-28',
      }),
      price: monthly79,
      transitionPrice: null,
      pauses: [],
      method: { type: 'bank_account' },
      surcharge,
      payments: [firstPaid, ahead],
      now,
      until: '2027-01-31',
    })
    expect(charges.map((charge) => [charge.on, charge.total])).toEqual([
      ['2026-11-28', 7500],
      ['2026-12-28', 7900],
      ['2027-01-28', 7900],
    ])
  })

  it('projects a daily membership’s year in good time', () => {
    const started = performance.now()
    const charges = projectCharges({
      subscription: testScheduleSubscription({
        currentPeriodStart: '2026-11-27',
        currentPeriodEnd: '2026-11-28',
      }),
      price: { id: 1, amount: 500, billingFrequency: 'daily' },
      transitionPrice: null,
      pauses: [],
      method: null,
      surcharge: null,
      payments: [firstPaid],
      now,
      until: '2027-11-26',
    })
    expect(charges).toHaveLength(364)
    expect(performance.now() - started).toBeLessThan(5000)
  })
})

describe('projectionMonths', () => {
  it('is this month and the eleven after it, to the last day of the twelfth', () => {
    expect(projectionMonths('2026-11-28', 12)).toEqual({
      months: [
        '2026-11-01',
        '2026-12-01',
        '2027-01-01',
        '2027-02-01',
        '2027-03-01',
        '2027-04-01',
        '2027-05-01',
        '2027-06-01',
        '2027-07-01',
        '2027-08-01',
        '2027-09-01',
        '2027-10-01',
      ],
      until: '2027-10-31',
    })
  })
})

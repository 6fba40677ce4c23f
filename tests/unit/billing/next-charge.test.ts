import { describe, expect, it } from 'vitest'
import type { BillingFrequency } from '~/contracts/enums'
import { instantAt } from '~/server/billing/calendar'
import {
  chargesStopFrom,
  type NextCharge,
  nextCharge,
  priceChangeTakesEffectOn,
  type ScheduledPayment,
  type ScheduleSubscription,
} from '~/server/billing/next-charge'
import type { Pause } from '~/server/billing/periods'
import { testScheduleSubscription } from '../../factories/schedule-subscription'

/** 2.5%, as the demo organisations charge: $52.00 → $1.30, $79.00 → $1.98. */
const surcharge = { cardSurchargeBasisPoints: 250, cardSurchargeFixed: 0 }
const monthly79 = { id: 1, amount: 7900, billingFrequency: 'monthly' as const }
const monthly52 = { id: 2, amount: 5200, billingFrequency: 'monthly' as const }
const noon = (day: string) => instantAt(day, '12:00')

const membership = testScheduleSubscription

let nextId = 100
function payment(overrides: Partial<ScheduledPayment>): ScheduledPayment {
  nextId += 1
  return {
    id: nextId,
    dueOn: '2026-12-28',
    amount: 7900,
    surcharge: 0,
    creditUsed: 0,
    status: 'upcoming',
    type: 'bank_account',
    isRetry: false,
    periodStartAt: '2026-12-28',
    ...overrides,
  }
}

function next(options: {
  subscription?: Partial<ScheduleSubscription>
  card?: boolean
  payments?: ScheduledPayment[]
  pauses?: Pause[]
  now?: Date
  price?: { id: number; amount: number; billingFrequency: BillingFrequency }
}): NextCharge | null {
  const subscription = membership(options.subscription)
  return nextCharge({
    subscription,
    price: options.price ?? monthly79,
    transitionPrice: subscription.transitionToPriceId === 2 ? monthly52 : null,
    pauses: options.pauses ?? [],
    method: { type: options.card ? 'stripe_card' : 'bank_account' },
    surcharge,
    // The first payment of the membership, long paid, so later ones are renewals.
    payments: [
      payment({ id: 1, status: 'sent', dueOn: '2026-06-28', periodStartAt: '2026-06-28' }),
      ...(options.payments ?? []),
    ],
    now: options.now ?? noon('2026-11-27'),
  })
}

describe('nextCharge', () => {
  it('the demo case: a change to $52.00 booked for the renewal, paid by card, is $53.30 on 28 Dec', () => {
    const charge = next({
      subscription: {
        transitionToPriceId: 2,
        transitionTakesEffectAt: 'date',
        transitionToDate: '2026-12-28',
      },
      card: true,
    })
    expect(charge).toEqual({
      on: '2026-12-28',
      amount: 5200,
      surcharge: 130,
      total: 5330,
      kind: 'renewal',
      newPrice: true,
      methodType: 'stripe_card',
    })
  })

  it('a change at the period end is the next renewal too', () => {
    const charge = next({ subscription: { transitionToPriceId: 2, transitionTakesEffectAt: 'period_end' } })
    expect(charge).toMatchObject({ on: '2026-12-28', total: 5200, newPrice: true })
  })

  it('without a change: the price, with a card surcharge only by card', () => {
    expect(next({ card: true })).toMatchObject({
      on: '2026-12-28',
      amount: 7900,
      surcharge: 198,
      total: 8098,
    })
    expect(next({})).toMatchObject({ on: '2026-12-28', amount: 7900, surcharge: 0, total: 7900 })
  })

  it('a change booked for a day inside a period applies on the next renewal on or after it', () => {
    const subscription = membership({
      transitionToPriceId: 2,
      transitionTakesEffectAt: 'date',
      transitionToDate: '2026-12-29',
    })
    expect(next({ subscription })).toMatchObject({ on: '2026-12-28', total: 7900, newPrice: false })
    expect(
      priceChangeTakesEffectOn({ subscription, frequency: 'monthly', pauses: [], today: '2026-11-27' }),
    ).toBe('2027-01-28')
  })

  it('a forced amount holds until a price change, which charges the new price', () => {
    expect(next({ subscription: { forcePriceAmount: 6000 } })).toMatchObject({ total: 6000 })
    expect(
      next({
        subscription: {
          forcePriceAmount: 6000,
          transitionToPriceId: 2,
          transitionTakesEffectAt: 'period_end',
        },
      }),
    ).toMatchObject({ total: 5200 })
  })

  it('a payment already created is charged as stored (its method and surcharge), not worked out again', () => {
    const created = payment({ amount: 7900, surcharge: 198, type: 'stripe_card' })
    expect(next({ payments: [created] })).toMatchObject({ on: '2026-12-28', total: 8098, surcharge: 198 })
  })

  it('credit used on a payment is taken off, as the charge step does', () => {
    const created = payment({ amount: 7900, creditUsed: 900 })
    expect(next({ payments: [created] })).toMatchObject({ amount: 7000, total: 7000 })
  })

  it('a retry of a failed payment due before the renewal is what is taken next', () => {
    const retry = payment({
      dueOn: '2026-11-30',
      isRetry: true,
      periodStartAt: '2026-11-28',
      surcharge: 198,
      type: 'stripe_card',
    })
    expect(
      next({ payments: [retry], subscription: { balanceOwing: 8098, gracePeriodEndsAt: '2026-12-12' } }),
    ).toEqual({
      on: '2026-11-30',
      amount: 7900,
      surcharge: 198,
      total: 8098,
      kind: 'retry',
      newPrice: false,
      methodType: 'stripe_card',
    })
  })

  it('an owed payment with no retry left and a grace period ending before the renewal: nothing is charged', () => {
    const subscription = { balanceOwing: 7900, gracePeriodEndsAt: '2026-12-12' }
    expect(chargesStopFrom(membership(subscription))).toBe('2026-12-13')
    expect(next({ subscription })).toBeNull()
    // The renewal inside the grace period is still taken.
    expect(next({ subscription: { ...subscription, gracePeriodEndsAt: '2026-12-30' } })).toMatchObject({
      on: '2026-12-28',
    })
  })

  it('a cancellation at the period end: no charge, and the booked change never takes effect', () => {
    const cancelled = {
      cancelledAt: noon('2026-11-27'),
      undoCancellationUntil: instantAt('2026-12-28'),
      transitionToPriceId: 2,
      transitionTakesEffectAt: 'date' as const,
      transitionToDate: '2026-12-28',
    }
    expect(next({ subscription: cancelled, payments: [payment({})] })).toBeNull()
    expect(
      priceChangeTakesEffectOn({
        subscription: membership(cancelled),
        frequency: 'monthly',
        pauses: [],
        today: '2026-11-27',
      }),
    ).toBeNull()
    // A retry of this period's failure, due before the end, is still taken.
    const retry = payment({ dueOn: '2026-12-01', isRetry: true, periodStartAt: '2026-11-28' })
    expect(next({ subscription: cancelled, payments: [retry] })).toMatchObject({
      on: '2026-12-01',
      kind: 'retry',
    })
  })

  it('a pause moves the renewal by its days', () => {
    // Paused 10 to 19 Dec (resumes 20 Dec): ten days, so 28 Dec becomes 7 Jan (the pause refreshed
    // the current period, `refreshSchedule`), and 28 Jan becomes 7 Feb.
    const pauses = [{ start: '2026-12-10', end: '2026-12-20' }]
    const subscription = { currentPeriodEnd: '2027-01-07' }
    expect(next({ pauses, subscription })).toMatchObject({ on: '2027-01-07', total: 7900 })
    const paid = payment({ status: 'sent', dueOn: '2027-01-07', periodStartAt: '2027-01-07' })
    expect(next({ pauses, subscription, payments: [paid], now: noon('2027-01-08') })).toMatchObject({
      on: '2027-02-07',
    })
  })

  it('a period the clock has rolled into is charged at the next run if its payment was never made', () => {
    // The schedule step has not run since 28 Dec, and no payment was made for that period.
    expect(next({ now: noon('2027-01-02') })).toMatchObject({ on: '2027-01-03', total: 7900 })
    // Made and taken: the renewal of 28 Jan is next.
    const paid = payment({ status: 'sent' })
    expect(next({ payments: [paid], now: noon('2027-01-02') })).toMatchObject({ on: '2027-01-28' })
  })

  it('a payment due and not yet taken is taken at the next 06:00 run', () => {
    const overdue = payment({ dueOn: '2026-11-25', periodStartAt: '2026-11-28' })
    expect(next({ payments: [overdue] })).toMatchObject({ on: '2026-11-28' })
    expect(next({ payments: [overdue], now: instantAt('2026-11-27', '05:59') })).toMatchObject({
      on: '2026-11-27',
    })
  })

  it('payments due the same day are added up', () => {
    const retry = payment({ dueOn: '2026-12-28', isRetry: true, periodStartAt: '2026-11-28', amount: 7900 })
    expect(next({ payments: [retry] })).toMatchObject({
      on: '2026-12-28',
      amount: 15800,
      total: 15800,
      kind: 'renewal',
    })
  })

  it('a one-off price has no renewals; a future start has its first payment', () => {
    const oneOff = { id: 1, amount: 20000, billingFrequency: 'one_off' as const }
    expect(next({ price: oneOff, subscription: { currentPeriodEnd: null } })).toBeNull()
    const first = payment({ id: 2, dueOn: '2026-12-05', periodStartAt: '2026-12-05', amount: 12900 })
    const charge = nextCharge({
      subscription: membership({
        startDate: '2026-12-05',
        currentPeriodStart: '2026-12-05',
        currentPeriodEnd: '2027-01-05',
      }),
      price: monthly79,
      transitionPrice: null,
      pauses: [],
      method: null,
      surcharge,
      payments: [first],
      now: noon('2026-11-27'),
    })
    expect(charge).toMatchObject({
      on: '2026-12-05',
      total: 12900,
      kind: 'first_payment',
      methodType: 'bank_account',
    })
  })

  it('withdrawn and charged payments do not count', () => {
    const withdrawn = payment({ status: 'cancelled', dueOn: '2026-12-01' })
    const pending = payment({ status: 'pending_request', dueOn: '2026-11-26', periodStartAt: '2026-11-28' })
    expect(next({ payments: [withdrawn, pending] })).toMatchObject({ on: '2026-12-28', total: 7900 })
  })
})

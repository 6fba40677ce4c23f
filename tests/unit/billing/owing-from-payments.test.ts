import { describe, expect, it } from 'vitest'
import { type LedgerPayment, owingFromPayments } from '~/server/billing/simulation/owing-from-payments'

let ids = 0
const payment = (overrides: Partial<LedgerPayment>): LedgerPayment => {
  ids += 1
  return {
    id: ids,
    subscriptionId: 1,
    periodStart: '2026-03-09',
    retryOf: null,
    status: 'failed',
    total: 2500,
    ...overrides,
  }
}

describe('owingFromPayments', () => {
  it('owes an unpaid period once, what its latest failed charge asked', () => {
    const owing = owingFromPayments([
      payment({ total: 2500 }),
      payment({ total: 2600 }),
      payment({ periodStart: '2026-03-16', status: 'upcoming' }),
    ])
    expect(owing.get(1)).toEqual({ balanceOwing: 2600, periodsOwing: 1 })
  })

  it('counts a period paid by any sent payment, whatever it took', () => {
    expect(owingFromPayments([payment({}), payment({ status: 'sent', total: 1000 })]).get(1)).toBeUndefined()
  })

  it('treats payments outside the schedule as periods of their own', () => {
    const owing = owingFromPayments([
      payment({ periodStart: null, total: 900 }),
      payment({ periodStart: null, status: 'sent', total: 900 }),
      payment({ subscriptionId: 2, periodStart: null, total: 700 }),
      payment({ subscriptionId: 2, total: 2500 }),
    ])
    expect(owing.get(1)).toEqual({ balanceOwing: 900, periodsOwing: 1 })
    expect(owing.get(2)).toEqual({ balanceOwing: 3200, periodsOwing: 2 })
  })

  it('owes nothing for withdrawn, refunded or unsettled charges, and counts a provider’s own failure', () => {
    for (const status of ['cancelled', 'refunded', 'pending_request', 'upcoming'])
      expect(owingFromPayments([payment({ status })]).size).toBe(0)
    expect(owingFromPayments([payment({ status: 'chargeback' })]).get(1)?.balanceOwing).toBe(2500)
  })

  it('owes a one-off and its retries once, what the latest retry asked (ADR 056)', () => {
    const first = payment({ subscriptionId: 3, periodStart: null, total: 4000 })
    const owing = owingFromPayments([
      first,
      payment({ subscriptionId: 3, periodStart: null, retryOf: first.id, total: 4100 }),
      payment({ subscriptionId: 3, periodStart: null, retryOf: first.id, total: 4200 }),
      // Another one-off of the same membership is another charge owed.
      payment({ subscriptionId: 3, periodStart: null, total: 500 }),
    ])
    expect(owing.get(3)).toEqual({ balanceOwing: 4700, periodsOwing: 2 })
    const paidByRetry = owingFromPayments([
      first,
      payment({ subscriptionId: 3, periodStart: null, retryOf: first.id, status: 'sent', total: 4100 }),
    ])
    expect(paidByRetry.get(3)).toBeUndefined()
  })
})

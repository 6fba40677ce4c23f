import { describe, expect, it } from 'vitest'
import { instantAt } from '~/server/billing/calendar'
import type { ScheduleSubscription } from '~/server/billing/next-charge'
import { priceChangeFirstChargedOn } from '~/server/services/subscriptions/price-change-rules.server'
import { testScheduleSubscription } from '../../factories/schedule-subscription'

/** Monthly from 28 Jun, in the period 28 Nov to 28 Dec; today 27 Nov... as the engine reads it. */
const membership = testScheduleSubscription

const day = (options: {
  subscription?: ScheduleSubscription
  onDate: string | null
  pauses?: Array<{ start: string; end: string }>
  frequency?: 'monthly' | 'one_off'
}) =>
  priceChangeFirstChargedOn({
    subscription: options.subscription ?? membership(),
    from: { billingFrequency: options.frequency ?? 'monthly' },
    to: { id: 2 },
    onDate: options.onDate,
    bookedOn: options.onDate ?? '2026-12-28',
    pauses: options.pauses ?? [],
    now: instantAt('2026-11-30', '12:00'),
  })

describe('the day a price change is first charged (the engine’s rule)', () => {
  it('a day inside a period is the renewal on or after it; a renewal day is itself; none is the period end', () => {
    expect(day({ onDate: '2026-12-29' })).toBe('2027-01-28')
    expect(day({ onDate: '2026-12-28' })).toBe('2026-12-28')
    expect(day({ onDate: '2026-12-01' })).toBe('2026-12-28')
    expect(day({ onDate: null })).toBe('2026-12-28')
  })

  it('a pause moves the renewal, so the day moves with it', () => {
    // Paused 10 to 19 Dec (resumes 20 Dec): the 28 Dec renewal becomes 7 Jan (the pause refreshed the
    // current period), the first renewal on or after 29 Dec; without the pause it is 28 Jan.
    const paused = membership({ currentPeriodEnd: '2027-01-07' })
    const pauses = [{ start: '2026-12-10', end: '2026-12-20' }]
    expect(day({ subscription: paused, onDate: '2026-12-29', pauses })).toBe('2027-01-07')
    expect(day({ subscription: paused, onDate: '2027-01-08', pauses })).toBe('2027-02-07')
  })

  it('a membership that ends before any renewal takes it, or is not billed by period, keeps the day booked', () => {
    const ending = membership({
      cancelledAt: instantAt('2026-11-29', '12:00'),
      undoCancellationUntil: instantAt('2026-12-28'),
    })
    expect(day({ subscription: ending, onDate: '2026-12-29' })).toBe('2026-12-29')
    expect(day({ onDate: '2026-12-29', frequency: 'one_off' })).toBe('2026-12-29')
  })
})

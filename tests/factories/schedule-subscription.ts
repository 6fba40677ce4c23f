import type { ScheduleSubscription } from '~/server/billing/next-charge'

/**
 * A subscription as the billing schedule reads it: monthly from 28 Jun 2026 on price 1, in the period
 * 28 Nov to 28 Dec, with nothing booked, cancelled or owed unless `overrides` say so.
 */
export function testScheduleSubscription(
  overrides: Partial<ScheduleSubscription> = {},
): ScheduleSubscription {
  return {
    startDate: '2026-06-28',
    currentPeriodStart: '2026-11-28',
    currentPeriodEnd: '2026-12-28',
    priceId: 1,
    transitionToPriceId: null,
    transitionTakesEffectAt: null,
    transitionToDate: null,
    forcePriceAmount: null,
    cancelledAt: null,
    undoCancellationUntil: null,
    gracePeriodEndsAt: null,
    balanceOwing: 0,
    ...overrides,
  }
}

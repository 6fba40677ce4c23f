import type { MembershipChangeResource, SubscriptionResource } from '~/contracts/subscriptions'
import type { PriceChangeHistoryRow } from '~/server/services/subscriptions/find-price-change-history.server'
import type { SubscriptionRow } from '~/server/services/subscriptions/manage-subscription.server'
import type { MembershipAfterChange } from '~/server/services/subscriptions/membership-change.server'
import { toMemberStandingResource } from './member'

const iso = (value: Date | null) => (value ? value.toISOString() : null)

/** The stored state in the API's snake_case (SPEC §3). */
export function toSubscriptionResource(row: SubscriptionRow): SubscriptionResource {
  return {
    id: row.id,
    user_id: row.userId,
    gym_id: row.gymId,
    price_id: row.priceId,
    start_date: row.startDate,
    current_period_start: row.currentPeriodStart,
    current_period_end: row.currentPeriodEnd,
    paused_at: iso(row.pausedAt),
    pause_start_at: row.pauseStartAt,
    pause_end_at: row.pauseEndAt,
    cancelled_at: iso(row.cancelledAt),
    cancellation_reasons: row.cancellationReasons,
    cancellation_comments: row.cancellationComments,
    undo_cancellation_until: iso(row.undoCancellationUntil),
    grace_period_ends_at: row.gracePeriodEndsAt,
    upcoming_state: row.upcomingState,
    transition_to_price: row.transitionToPriceId,
    transition_takes_effect_at: row.transitionTakesEffectAt,
    transition_to_date: row.transitionToDate,
    force_price_amount: row.forcePriceAmount,
    term_ends_at: row.termEndsAt,
    cooling_period_ends_at: row.coolingPeriodEndsAt,
    cancelled_during_cooling_off_period: row.cancelledDuringCoolingOffPeriod,
    balance_owing: row.balanceOwing,
    periods_owing: row.periodsOwing,
    version: row.version,
  }
}

/**
 * A staff change's answer: the subscription as stored, and what the member's page shows of it now.
 * Only those who may change a membership get it, and they run its gym, so money is shown (ADR 032).
 */
export function toMembershipChangeResource(
  after: MembershipAfterChange,
  now: Date,
): MembershipChangeResource {
  return {
    ...toSubscriptionResource(after.subscription),
    member: toMemberStandingResource(
      {
        subscription: after.subscription,
        gym: after.gym,
        offering: { id: after.price.offeringId, name: after.price.offeringName },
        price: after.price,
        nextCharge: after.nextCharge,
        priceChange: after.priceChange,
      },
      { now, seesMoney: true },
    ),
  }
}

/** One price change of a member's membership. */
export function toPriceChangeHistoryResource(row: PriceChangeHistoryRow) {
  return {
    id: row.id,
    subscription_id: row.subscriptionId,
    from_price_id: row.fromPriceId,
    to_price_id: row.toPriceId,
    from_amount: row.fromAmount,
    to_amount: row.toAmount,
    takes_effect_on: row.takesEffectOn,
    applied_at: iso(row.appliedAt),
    created_at: row.createdAt.toISOString(),
  }
}

import type { ActiveUserRow } from '~/contracts/billing-debugging'
import { describeMembership } from '~/server/services/members/describe-membership.server'
import type { findActiveUserPage } from '~/server/services/members/find-active-user-page.server'

type ActiveUserPageRow = Awaited<ReturnType<typeof findActiveUserPage>>['rows'][number]

/** A member of the active-user debug view, with their membership described in words. */
export function toActiveUserResource(row: ActiveUserPageRow, now: Date): ActiveUserRow {
  const sub = row.sub?.id != null && row.sub.startDate != null ? row.sub : null
  const subscription =
    sub && row.gym && row.price
      ? {
          id: sub.id,
          gym: row.gym,
          offering_name: row.offeringName ?? '',
          amount: sub.forcePriceAmount ?? row.price.amount,
          billing_frequency: row.price.billingFrequency,
          start_date: sub.startDate,
          current_period_start: sub.currentPeriodStart,
          current_period_end: sub.currentPeriodEnd,
          cancelled_at: sub.cancelledAt?.toISOString() ?? null,
          undo_cancellation_until: sub.undoCancellationUntil?.toISOString() ?? null,
          grace_period_ends_at: sub.gracePeriodEndsAt,
          pause_start_at: sub.pauseStartAt,
          pause_end_at: sub.pauseEndAt,
          upcoming_state: sub.upcomingState,
          balance_owing: sub.balanceOwing,
          periods_owing: sub.periodsOwing,
        }
      : null
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subscription,
    ...describeMembership(sub, now),
  }
}

import { type SQL, sql } from 'drizzle-orm'
import type { MemberFilterState } from '~/features/members/contract'
import type { CalendarDateString } from '~/server/billing/calendar'
import type { Latest } from './count-member-states.server'

/**
 * The list filter's states as SQL over each member's latest membership, so a filtered page is one query
 * however few members match. They say what `subscriptionDisplayStates` (SPEC §4, subscription-state.ts)
 * says of the same row; `tests/integration/api/members.test.ts` holds them to it over memberships in
 * every state. Every condition is two-valued (never SQL's unknown), so `not (…)` means "not that state".
 */
export function memberStateCondition(options: {
  state: MemberFilterState
  latest: Latest
  today: CalendarDateString
}): SQL {
  const { state, latest, today } = options
  const paused = sql`(${latest.pauseStartAt} is not null and ${latest.pauseStartAt} <= ${today}
    and (${latest.pauseEndAt} is null or ${latest.pauseEndAt} >= ${today}))`
  const cancelled = sql`(${latest.cancelledAt} is not null)`
  const inGrace = sql`(${latest.gracePeriodEndsAt} is not null)`
  const upcoming = sql`((${latest.upcomingState} is not null and ${latest.cancelledAt} is null)
    or coalesce(${latest.upcomingState} in ('upcoming', 'failed'), false)
    or coalesce(${latest.currentPeriodStart} > ${today}, false))`
  const hasMembership = sql`(${latest.id} is not null)`
  switch (state) {
    case 'no_subscription':
      return sql`(${latest.id} is null)`
    case 'paused':
      return sql`(${hasMembership} and ${paused})`
    case 'paused_in_future':
      return sql`(${hasMembership} and coalesce(${latest.pauseStartAt} > ${today}, false))`
    case 'cancelled':
      return sql`(${hasMembership} and ${cancelled})`
    case 'cancelling':
      // Cancelled at the end of a paid period the member still uses (not a grace-period cancellation).
      return sql`(${hasMembership} and ${cancelled} and not ${inGrace}
        and coalesce(${latest.currentPeriodEnd} > ${today}, false))`
    case 'in_grace_period':
      return sql`(${hasMembership} and ${inGrace})`
    case 'upcoming':
      return sql`(${hasMembership} and ${upcoming})`
    case 'active':
      return sql`(${hasMembership} and not ${paused} and not ${cancelled} and not ${inGrace} and not ${upcoming})`
  }
}

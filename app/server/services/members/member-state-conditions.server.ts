import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { MemberFilterState } from '~/contracts/members'
import type { CalendarDateString } from '~/server/billing/calendar'

type StateColumn =
  | 'id'
  | 'pauseStartAt'
  | 'pauseEndAt'
  | 'cancelledAt'
  | 'gracePeriodEndsAt'
  | 'upcomingState'
  | 'currentPeriodStart'
  | 'currentPeriodEnd'

/**
 * The list filter's states as SQL over each member's latest membership (the members list's summary,
 * ADR 026), so a filtered page is one query however few members match. They say what
 * `subscriptionDisplayStates` (SPEC §4, subscription-state.ts) says of the same row;
 * `tests/integration/api/members.test.ts` holds them to it over memberships in every state. Every
 * condition is two-valued (never SQL's unknown), so `not (…)` means "not that state", and each tests its
 * nullable column with `is not null` first, in the form the summary's partial indexes are built on.
 */
function stateParts(latest: Record<StateColumn, SQLWrapper>, today: CalendarDateString) {
  return {
    hasMembership: sql`(${latest.id} is not null)`,
    paused: sql`(${latest.pauseStartAt} is not null and ${latest.pauseStartAt} <= ${today}
      and (${latest.pauseEndAt} is null or ${latest.pauseEndAt} >= ${today}))`,
    cancelled: sql`(${latest.cancelledAt} is not null)`,
    inGrace: sql`(${latest.gracePeriodEndsAt} is not null)`,
    upcoming: sql`((${latest.upcomingState} is not null
        and (${latest.cancelledAt} is null or ${latest.upcomingState} in ('upcoming', 'failed')))
      or (${latest.currentPeriodStart} is not null and ${latest.currentPeriodStart} > ${today}))`,
  }
}

export function memberStateCondition(options: {
  state: MemberFilterState
  /** A member's latest membership's columns (a membership row, or the members list's summary). */
  latest: Record<StateColumn, SQLWrapper>
  today: CalendarDateString
}): SQL {
  const { state, latest, today } = options
  const { hasMembership, paused, cancelled, inGrace, upcoming } = stateParts(latest, today)
  switch (state) {
    case 'no_subscription':
      return sql`(${latest.id} is null)`
    case 'paused':
      return sql`(${hasMembership} and ${paused})`
    case 'paused_in_future':
      return sql`(${hasMembership} and ${latest.pauseStartAt} is not null and ${latest.pauseStartAt} > ${today})`
    case 'cancelled':
      return sql`(${hasMembership} and ${cancelled})`
    case 'cancelling':
      // Cancelled at the end of a paid period the member still uses (not a grace-period cancellation).
      return sql`(${hasMembership} and ${cancelled} and not ${inGrace}
        and ${latest.currentPeriodEnd} is not null and ${latest.currentPeriodEnd} > ${today})`
    case 'in_grace_period':
      return sql`(${hasMembership} and ${inGrace})`
    case 'upcoming':
      return sql`(${hasMembership} and ${upcoming})`
    case 'active':
      return sql`(${hasMembership} and not ${paused} and not ${cancelled} and not ${inGrace} and not ${upcoming})`
  }
}

/**
 * Exactly the members `memberStateCondition('active')` leaves out, as a union of the rare states, each
 * read from its partial index: most members are active, so counting the others is the cheap way to
 * count them.
 */
export function notActiveCondition(options: {
  latest: Record<StateColumn, SQLWrapper>
  today: CalendarDateString
}): SQL {
  const { hasMembership, paused, cancelled, inGrace, upcoming } = stateParts(options.latest, options.today)
  return sql`(not ${hasMembership} or ${paused} or ${cancelled} or ${inGrace} or ${upcoming})`
}

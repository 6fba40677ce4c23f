import { type ActiveUserRow, formatDayRange, type MemberState } from '~/contracts/billing-debugging'
import { cardColour, subscriptionDisplayStates } from '~/contracts/subscription-state'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { type CalendarDateString, calendarDateAt } from '~/server/billing/calendar'
import { membershipEndsOn } from '~/server/billing/next-charge'
import { type StateFields, stateInput } from '~/server/services/members/count-member-states.server'

/** The state a member's badge and reason are about: the first of these that holds. */
const headlineOrder: MemberState[] = ['cancelled', 'in_grace_period', 'paused', 'upcoming', 'active']

type Description = Pick<ActiveUserRow, 'states' | 'state' | 'is_active' | 'card_colour' | 'reason'>

/**
 * What a membership looks like today: its display states, headline state, card colour and reason. The
 * reason leaves money out for staff who may not see it (`seesMoney: false`, ADR 014).
 */
export function describeMembership(
  sub: StateFields | null,
  now: Date,
  options: { seesMoney?: boolean } = {},
): Description {
  if (!sub) {
    return {
      states: ['no_membership'],
      state: 'no_membership',
      is_active: false,
      card_colour: null,
      reason: 'Not active: no membership',
    }
  }
  const instant = now.toISOString()
  const today = calendarDateAt(now)
  const input = stateInput(sub)
  const states: MemberState[] = subscriptionDisplayStates(input, instant)
  const state = headlineOrder.find((candidate) => states.includes(candidate)) ?? 'active'
  return {
    states,
    state,
    is_active: states.includes('active'),
    card_colour: cardColour(input, instant),
    reason: reasonFor({ sub, state, states, today, seesMoney: options.seesMoney ?? true }),
  }
}

/** The member's standing in words, for the staff who answer "why am I (not) let in?". */
function reasonFor(options: {
  sub: StateFields
  state: MemberState
  states: MemberState[]
  today: CalendarDateString
  seesMoney: boolean
}) {
  const { sub, state, states, today, seesMoney } = options
  const owes = seesMoney && sub.balanceOwing > 0 ? `, owes ${formatCents(sub.balanceOwing)}` : ''
  switch (state) {
    case 'cancelled': {
      const cancelledOn = formatDate(sub.cancelledAt?.toISOString())
      // A cancellation at period end keeps the doors open until the membership ends (ADR 029).
      const endsOn = membershipEndsOn(sub)
      const undo =
        sub.undoCancellationUntil && states.includes('cancellation_undoable')
          ? `; can be undone until ${formatDate(sub.undoCancellationUntil.toISOString())}`
          : ''
      if (endsOn !== null && endsOn > today)
        return `Cancelled: access until ${formatDate(endsOn)} (cancelled on ${cancelledOn}${undo})${owes}`
      return `Not active: cancelled on ${cancelledOn}${owes}`
    }
    case 'in_grace_period':
      return `In grace period until ${formatDate(sub.gracePeriodEndsAt)}${seesMoney ? `, owes ${formatCents(sub.balanceOwing)}` : ''}`
    case 'paused':
      return sub.pauseEndAt ? `Paused until ${formatDate(sub.pauseEndAt)}` : 'Paused, with no end date'
    case 'upcoming': {
      if (sub.startDate > today) return `Upcoming: starts ${formatDate(sub.startDate)}`
      if (sub.currentPeriodStart && sub.currentPeriodStart > today)
        return `Upcoming: next period starts ${formatDate(sub.currentPeriodStart)}`
      return `Upcoming: marked “${sub.upcomingState}” since it started on ${formatDate(sub.startDate)}`
    }
    default: {
      const standing = !seesMoney
        ? null
        : sub.balanceOwing > 0
          ? `owes ${formatCents(sub.balanceOwing)}`
          : 'paid up'
      const period =
        sub.currentPeriodStart && sub.currentPeriodEnd
          ? `current period ${formatDayRange(sub.currentPeriodStart, sub.currentPeriodEnd)}`
          : `one-off since ${formatDate(sub.currentPeriodStart ?? sub.startDate)}`
      const pause =
        states.includes('paused_in_future') && sub.pauseStartAt
          ? `; pause from ${formatDate(sub.pauseStartAt)}`
          : ''
      return `Active: ${standing ? `${standing}, ` : ''}${period}${pause}`
    }
  }
}

import { formatDate } from '~/lib/dates'
import { addDays, type CalendarDateString, calendarDateAt } from '~/server/billing/calendar'

/**
 * Who may open which gym's doors on a day (ADR 029): a pure function of the person, their memberships
 * and the day, so the sync, the member's Access tab and the tap page's refusal words cannot disagree.
 *
 * A member may enter the gyms of a membership that has started and been paid for, until the day it
 * ends: not while paused, not once a cancellation has taken effect (never before the paid-through
 * date: a cancellation at period end keeps the doors open to the last paid day), not after a failed
 * payment's grace period has run out with money owed. In a grace period the doors still open. Staff
 * with door access turned on open the doors of the gyms they work at (all of them for organisation
 * admins). `nextChangeOn` is the next day the answer can change without anything being written (a pause
 * starting or ending, a cancellation taking effect, a grace period running out), when the sync looks again.
 */

export interface AccessPerson {
  deletedAt: Date | null
  isStaff: boolean
  accessEnabled: boolean
  isOrganisationAdmin: boolean
  staffGymIds: readonly number[]
}

export interface AccessMembership {
  id: number
  gymId: number | null
  startDate: CalendarDateString
  isStaging: boolean
  cancelledAt: Date | null
  undoCancellationUntil: Date | null
  cancellationReasons: readonly string[]
  gracePeriodEndsAt: CalendarDateString | null
  balanceOwing: number
  /** A payment of the membership was taken, is with the bank or was waived — or there was nothing to pay. */
  everPaid: boolean
  /** The offering's gyms (`all` for an all-gyms offering). */
  offeringGymIds: readonly number[] | 'all'
  /** Pauses not withdrawn; `endDate` is the last paused day, null for a pause without an end. */
  pauses: readonly { startDate: CalendarDateString; endDate: CalendarDateString | null }[]
}

export interface AccessDecision {
  /** The gyms whose doors open, ascending. */
  gymIds: number[]
  /** Why the doors do not open, in words staff and members read; null when some open. */
  refusedReason: string | null
  /** The next day the decision can change by itself, or null. */
  nextChangeOn: CalendarDateString | null
}

export function decideDoorAccess(options: {
  person: AccessPerson
  memberships: readonly AccessMembership[]
  allGymIds: readonly number[]
  today: CalendarDateString
}): AccessDecision {
  const { person, today } = options
  if (person.deletedAt) return { gymIds: [], refusedReason: 'No longer a member', nextChangeOn: null }
  const gyms = new Set<number>()
  const changes: CalendarDateString[] = []
  let refusedReason: string | null = null

  if (person.isStaff) {
    if (person.accessEnabled) {
      for (const id of person.isOrganisationAdmin ? options.allGymIds : person.staffGymIds) gyms.add(id)
    } else {
      refusedReason = 'Door access is turned off for this staff member'
    }
  }

  const live = options.memberships.filter((membership) => !membership.isStaging)
  if (!person.isStaff && live.length === 0) refusedReason = 'No membership'
  // The newest membership's words explain a refusal; any membership that opens a door wins.
  const newestFirst = [...live].sort((a, b) => b.id - a.id)
  let membershipReason: string | null = null
  for (const membership of newestFirst) {
    const verdict = membershipVerdict(membership, today)
    if (verdict.nextChangeOn) changes.push(verdict.nextChangeOn)
    if (verdict.refusedReason === null) {
      const membershipGyms =
        membership.offeringGymIds === 'all' ? options.allGymIds : [...membership.offeringGymIds]
      for (const id of membershipGyms) gyms.add(id)
      if (membership.gymId !== null) gyms.add(membership.gymId)
    } else {
      membershipReason ??= verdict.refusedReason
    }
  }
  if (gyms.size > 0) refusedReason = null
  else refusedReason = membershipReason ?? refusedReason
  changes.sort()
  return {
    gymIds: [...gyms].sort((a, b) => a - b),
    refusedReason,
    nextChangeOn: changes[0] ?? null,
  }
}

function membershipVerdict(
  membership: AccessMembership,
  today: CalendarDateString,
): { refusedReason: string | null; nextChangeOn: CalendarDateString | null } {
  const changes: CalendarDateString[] = []
  const later = (day: CalendarDateString | null) => {
    if (day !== null && day > today) changes.push(day)
  }
  const verdict = (refusedReason: string | null) => {
    changes.sort()
    return { refusedReason, nextChangeOn: changes[0] ?? null }
  }

  const endsOn = membership.cancelledAt
    ? calendarDateAt(membership.undoCancellationUntil ?? membership.cancelledAt)
    : null
  if (endsOn !== null && today >= endsOn) {
    return verdict(
      membership.cancellationReasons.includes('unpaid')
        ? 'Cancelled for non-payment'
        : 'Membership cancelled',
    )
  }
  later(endsOn)
  if (membership.startDate > today) {
    later(membership.startDate)
    return verdict(`Membership starts ${formatDate(membership.startDate)}`)
  }
  for (const pause of membership.pauses) {
    if (pause.startDate <= today && (pause.endDate === null || today <= pause.endDate)) {
      later(pause.endDate === null ? null : addDays(pause.endDate, 1))
      return verdict(
        pause.endDate === null ? 'Membership paused' : `Membership paused until ${formatDate(pause.endDate)}`,
      )
    }
    later(pause.startDate)
  }
  if (membership.balanceOwing > 0 && membership.gracePeriodEndsAt !== null) {
    if (today > membership.gracePeriodEndsAt) return verdict('Payment overdue: the grace period has ended')
    later(addDays(membership.gracePeriodEndsAt, 1))
  }
  if (!membership.everPaid) return verdict('First payment not received')
  return verdict(null)
}

import type { TermUnit } from '~/contracts/enums'
import { formatDate, toAucklandDay } from '~/lib/dates'
import { toEpochMilliseconds } from '~/lib/instants'

/**
 * What a subscription looks like to people (SPEC §4): its display states, the colour of its card, its
 * membership-type label and how a payment status reads. One module for the console, the join site and
 * the API, so they cannot disagree. Isomorphic and pure: `today` is an argument, never the wall clock.
 *
 * `today` is either an Auckland calendar day (`YYYY-MM-DD`) or an ISO 8601 instant with an offset. Day
 * fields are compared as Auckland days. The one instant rule (a cancellation can be undone while now is
 * before `undo_cancellation_until`) uses the instant when given one, and otherwise the first moment of
 * the day, so pass the instant where the time of day matters.
 *
 * Conventions shared with billing: `current_period_end` (the renew date), `term_ends_at` and
 * `cooling_period_ends_at` are exclusive ends; `pause_end_at` is the last paused day (inclusive, as the
 * pause service stores it: "paused 1 to 14 March").
 */

export const subscriptionDisplayStateNames = [
  'paused',
  'paused_in_future',
  'cancelled',
  'cancellation_undoable',
  'in_grace_period',
  'upcoming',
  'active',
] as const
export type SubscriptionDisplayState = (typeof subscriptionDisplayStateNames)[number]

export type CardColour = 'green' | 'amber' | 'red'

export const paymentStatusKinds = ['success', 'upcoming', 'pending', 'failed', 'waived'] as const
export type PaymentStatusKind = (typeof paymentStatusKinds)[number]

/** The fields these rules read, named as the API serves them. Absent and null mean the same. */
export interface SubscriptionStateInput {
  /** Instant. */
  cancelled_at?: string | null
  /** Instant. */
  undo_cancellation_until?: string | null
  grace_period_ends_at?: string | null
  pause_start_at?: string | null
  /** Inclusive: the last paused day. */
  pause_end_at?: string | null
  upcoming_state?: string | null
  current_period_start?: string | null
  /** Exclusive: the renew (next billing) date. */
  current_period_end?: string | null
  /** When absent, a subscription with a term amount and unit is a term membership. */
  is_term_membership?: boolean | null
  term_amount?: number | null
  term_unit?: TermUnit | null
  /** Exclusive: committed up to, not including, this day. */
  term_ends_at?: string | null
  /** Exclusive: the cooling-off period covers the days before this one. */
  cooling_period_ends_at?: string | null
}

interface Clock {
  day: string
  milliseconds: number
}

function readClock(today: string): Clock {
  const day = toAucklandDay(today)
  const milliseconds = toEpochMilliseconds(today)
  if (day === null || milliseconds === null)
    throw new RangeError(`today must be a YYYY-MM-DD day or an ISO instant with an offset, got ${today}`)
  return { day, milliseconds }
}

/** The Auckland day of a field, or null when it is empty or cannot be read. */
function dayOf(value: string | null | undefined): string | null {
  return value ? toAucklandDay(value) : null
}

const upcomingStatesThatAlwaysCount = new Set(['upcoming', 'failed'])

interface Facts {
  paused: boolean
  pausedInFuture: boolean
  cancelled: boolean
  cancellationUndoable: boolean
  inGracePeriod: boolean
  upcoming: boolean
}

function factsOf(sub: SubscriptionStateInput, clock: Clock): Facts {
  const pauseStart = dayOf(sub.pause_start_at)
  const pauseEnd = dayOf(sub.pause_end_at)
  const cancelled = Boolean(sub.cancelled_at)
  const undoUntil = sub.undo_cancellation_until ? toEpochMilliseconds(sub.undo_cancellation_until) : null
  const periodStart = dayOf(sub.current_period_start)
  return {
    // A pause that has started and not yet ended; the day after its last day the member is back.
    paused: pauseStart !== null && pauseStart <= clock.day && (pauseEnd === null || clock.day <= pauseEnd),
    pausedInFuture: pauseStart !== null && pauseStart > clock.day,
    cancelled,
    cancellationUndoable: cancelled && undoUntil !== null && clock.milliseconds < undoUntil,
    inGracePeriod: Boolean(sub.grace_period_ends_at),
    upcoming:
      (Boolean(sub.upcoming_state) && !cancelled) ||
      upcomingStatesThatAlwaysCount.has(sub.upcoming_state ?? '') ||
      (periodStart !== null && periodStart > clock.day),
  }
}

/** The display states of SPEC §4 that hold on `today`, in the order of `subscriptionDisplayStateNames`. */
export function subscriptionDisplayStates(
  sub: SubscriptionStateInput,
  today: string,
): SubscriptionDisplayState[] {
  const facts = factsOf(sub, readClock(today))
  const held: Record<SubscriptionDisplayState, boolean> = {
    paused: facts.paused,
    paused_in_future: facts.pausedInFuture,
    cancelled: facts.cancelled,
    cancellation_undoable: facts.cancellationUndoable,
    in_grace_period: facts.inGracePeriod,
    upcoming: facts.upcoming,
    active: !facts.paused && !facts.cancelled && !facts.inGracePeriod && !facts.upcoming,
  }
  return subscriptionDisplayStateNames.filter((state) => held[state])
}

/**
 * Red: cancelled and the renew date has come (a cancelled subscription without one has nothing left
 * to run), or cancelled while in a grace period. Amber: paused, in a grace period, or upcoming. Green
 * otherwise, including a cancelled subscription that still runs until its renew date.
 */
export function cardColour(sub: SubscriptionStateInput, today: string): CardColour {
  const clock = readClock(today)
  const facts = factsOf(sub, clock)
  const renewDate = dayOf(sub.current_period_end)
  const reachedRenewDate = renewDate === null || clock.day >= renewDate
  if (facts.cancelled && (reachedRenewDate || facts.inGracePeriod)) return 'red'
  if (facts.paused || facts.inGracePeriod || facts.upcoming) return 'amber'
  return 'green'
}

const termUnitWords: Record<TermUnit, string> = { week: 'week', month: 'month', year: 'year' }

/** `12-month term`, `1-year term`, `26-week term`; `Term membership` when the length is not known. */
export function termLengthLabel(sub: Pick<SubscriptionStateInput, 'term_amount' | 'term_unit'>): string {
  if (sub.term_amount == null || sub.term_unit == null) return 'Term membership'
  return `${sub.term_amount}-${termUnitWords[sub.term_unit]} term`
}

/**
 * `Flexi`; or, for a term membership, `Cooling-off until 22 Nov 2026` during the cooling-off period,
 * `12-month term, committed until 31 Mar 2027` during the term, and `12-month term` after it. A date
 * that cannot be read is shown (as `Invalid DateTime`) rather than silently skipped.
 */
export function membershipTypeLabel(sub: SubscriptionStateInput, today: string): string {
  const clock = readClock(today)
  const isTerm = sub.is_term_membership ?? (sub.term_amount != null && sub.term_unit != null)
  if (!isTerm) return 'Flexi'
  const notYetReached = (value: string | null | undefined) => {
    if (!value) return false
    const day = dayOf(value)
    return day === null || clock.day < day
  }
  if (notYetReached(sub.cooling_period_ends_at))
    return `Cooling-off until ${formatDate(sub.cooling_period_ends_at)}`
  const term = termLengthLabel(sub)
  if (notYetReached(sub.term_ends_at)) return `${term}, committed until ${formatDate(sub.term_ends_at)}`
  return term
}

/**
 * SPEC §4: `sent` is success, `upcoming` upcoming, `pending_request` neither; anything else failed —
 * except a failure staff waived (issue 16), which is neither owed nor paid.
 */
export function paymentStatusKind(status: string | null | undefined): PaymentStatusKind {
  if (status === 'sent') return 'success'
  if (status === 'waived') return 'waived'
  if (status === 'upcoming') return 'upcoming'
  if (status === 'pending_request') return 'pending'
  return 'failed'
}

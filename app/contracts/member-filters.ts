/**
 * The members list's filter values, without zod: the route's search params read them on every page
 * (ADR 024), and the contract builds its schemas from them.
 */

/**
 * The states the list filters by: SPEC §4's display states as the front desk names them, plus
 * "cancelling" (cancelled, still running to the end of a paid period) and members with no membership.
 */
export const memberFilterStates = [
  'active',
  'paused',
  'paused_in_future',
  'cancelled',
  'cancelling',
  'in_grace_period',
  'upcoming',
  'no_subscription',
] as const
export type MemberFilterState = (typeof memberFilterStates)[number]

/** Sorts: a column, descending with a leading `-`. */
export const memberSorts = [
  'name',
  '-name',
  'joined',
  '-joined',
  'last_visit',
  '-last_visit',
  'balance',
  '-balance',
] as const
export type MemberSort = (typeof memberSorts)[number]

/** The longest "not visited for" the filter takes: ten years. */
export const MAX_NOT_VISITED_DAYS = 3650

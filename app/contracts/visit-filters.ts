/**
 * The visits list's filter values, without zod: the route's search params read them on every page
 * (ADR 024), and the contract builds its schemas from them.
 */

/** Sorts: a column, descending with a leading `-`. Latest first by default. */
export const visitSorts = ['-visited_at', 'visited_at', 'member', '-member'] as const
export type VisitSort = (typeof visitSorts)[number]

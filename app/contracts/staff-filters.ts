/**
 * The staff list's filter values, without zod: the route's search params read them on every page
 * (ADR 024), and the contract builds its schemas from them.
 */

/** Sorts: a column, descending with a leading `-`. By name by default. */
export const staffSorts = ['name', '-name', '-created_at', 'created_at'] as const
export type StaffSort = (typeof staffSorts)[number]

/** Who the list shows: everyone still on the staff (the default), or one kind. */
export const staffStatuses = ['active', 'invited', 'deactivated'] as const
export type StaffStatus = (typeof staffStatuses)[number]

import { namedSchema, pageFields } from '~/contracts/list-fields'
import { subscriptionDisplayStateNames } from '~/contracts/subscription-state'
import { MAX_WEEKS_BACK } from '~/contracts/weeks-back'
import { formatDate } from '~/lib/dates'
import { queryRecordId, z } from '~/lib/validation'

/**
 * The debug views of SPEC §2.2 (issue 4 point 8): expected against actual collections week by week,
 * and each member counted as active or not, with the reason. Money is integer cents; days are
 * Pacific/Auckland calendar days (`YYYY-MM-DD`), instants ISO 8601.
 */

const gymIdSchema = queryRecordId

/** Weeks of history the expected-payments view shows by default, and at most. */
export const DEFAULT_WEEKS_BACK = 12
export { MAX_WEEKS_BACK }
/** Weeks after the current one the view always adds: payments already scheduled. */
export const WEEKS_AHEAD = 4

export const expectedPaymentsQuerySchema = z.object({
  gym_id: gymIdSchema.optional(),
  weeks: z.coerce.number().int().min(1).max(MAX_WEEKS_BACK).default(DEFAULT_WEEKS_BACK),
})
export type ExpectedPaymentsQuery = z.input<typeof expectedPaymentsQuerySchema>

export type DebugGym = z.infer<typeof namedSchema>

const collectionSumsSchema = z.object({
  /** Payments due in the week, regular and retries, cancelled ones left out: what charging should bring. */
  expected: z.number().int(),
  expected_count: z.number().int(),
  /** Payments that succeeded (`sent`), counted in the week they were paid. */
  collected: z.number().int(),
  collected_count: z.number().int(),
  /** Payments due in the week that failed (SPEC §4: any status but sent, upcoming, pending_request). */
  failed: z.number().int(),
  failed_count: z.number().int(),
  /** Payments due in the week still `upcoming` or `pending_request`. */
  pending: z.number().int(),
  pending_count: z.number().int(),
  /** collected − expected: negative when less came in than was due. */
  difference: z.number().int(),
})
export type CollectionSums = z.infer<typeof collectionSumsSchema>

export const expectedPaymentsWeekSchema = collectionSumsSchema.extend({
  /** The Monday the week starts on. */
  starts_on: z.string(),
  /** The Sunday it ends on (inclusive). */
  ends_on: z.string(),
  timing: z.enum(['past', 'current', 'future']),
})
export type ExpectedPaymentsWeek = z.infer<typeof expectedPaymentsWeekSchema>

export const expectedPaymentsSchema = z.object({
  today: z.string(),
  /** The gym asked for; null means every gym the caller may see. */
  gym_id: z.number().int().nullable(),
  /** The gyms the caller may see, for the gym filter. */
  gyms: z.array(namedSchema),
  weeks_back: z.number().int(),
  weeks_ahead: z.number().int(),
  weeks: z.array(expectedPaymentsWeekSchema),
  totals: collectionSumsSchema,
})
export type ExpectedPayments = z.infer<typeof expectedPaymentsSchema>

export const activeUserQuerySchema = z.object({
  gym_id: gymIdSchema.optional(),
  ...pageFields(),
})
export type ActiveUserQuery = z.input<typeof activeUserQuerySchema>

export const activeUserCountsQuerySchema = z.object({ gym_id: gymIdSchema.optional() })
export type ActiveUserCountsQuery = z.input<typeof activeUserCountsQuerySchema>

/** A member's state: a display state of SPEC §4, or no membership at all. */
export const memberStateNames = [...subscriptionDisplayStateNames, 'no_membership'] as const
export const memberStateSchema = z.enum(memberStateNames)
export type MemberState = z.infer<typeof memberStateSchema>

export const cardColourSchema = z.enum(['green', 'amber', 'red'])

export const activeUserSubscriptionSchema = z.object({
  id: z.number().int(),
  gym: namedSchema,
  offering_name: z.string(),
  amount: z.number().int(),
  billing_frequency: z.string(),
  start_date: z.string(),
  current_period_start: z.string().nullable(),
  /** Exclusive: the renew date. */
  current_period_end: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  undo_cancellation_until: z.string().nullable(),
  grace_period_ends_at: z.string().nullable(),
  pause_start_at: z.string().nullable(),
  /** Inclusive: the last paused day. */
  pause_end_at: z.string().nullable(),
  upcoming_state: z.string().nullable(),
  balance_owing: z.number().int(),
  periods_owing: z.number().int(),
})

export const activeUserRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The member's latest membership (not one being assembled at sign-up), or null. */
  subscription: activeUserSubscriptionSchema.nullable(),
  /** Every display state that holds today, in SPEC §4's order. */
  states: z.array(memberStateSchema),
  /** The state the badge and the reason are about. */
  state: memberStateSchema,
  is_active: z.boolean(),
  /** SPEC §4's card colour; null without a membership. */
  card_colour: cardColourSchema.nullable(),
  reason: z.string(),
})
export type ActiveUserRow = z.infer<typeof activeUserRowSchema>

export const activeUserCountsSchema = z.object({
  today: z.string(),
  gym_id: z.number().int().nullable(),
  gyms: z.array(namedSchema),
  /** Members in the caller's gyms (or the gym asked for). */
  total: z.number().int(),
  /** Members in each state; a member can be in more than one (cancelled and cancellation_undoable). */
  counts: z.record(memberStateSchema, z.number().int()),
})
export type ActiveUserCounts = z.infer<typeof activeUserCountsSchema>

/** Search params of the two screens, numbers already numbers; a bad value is dropped, not an error. */

const dayAndMonth = new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'short', timeZone: 'UTC' })

/**
 * `3 Nov – 10 Nov 2026` (both years when they differ), for two calendar days. Shared by the API's
 * reasons and the screens, so a range reads the same in both.
 */
export function formatDayRange(start: string, end: string): string {
  const [year, month, day] = start.split('-').map(Number)
  if (start.slice(0, 4) !== end.slice(0, 4) || !year || !month || !day) {
    return `${formatDate(start)} – ${formatDate(end)}`
  }
  return `${dayAndMonth.format(new Date(Date.UTC(year, month - 1, day)))} – ${formatDate(end)}`
}

import { billingFrequencies } from '~/db/schema/enums'
import { cardColourSchema, memberStateSchema } from '~/features/billing-debugging/contract'
import { calendarDate, MAX_RECORD_ID, z } from '~/lib/validation'
import { MAX_NOT_VISITED_DAYS, memberFilterStates, memberSorts } from './member-filters'

export * from './member-filters'

/**
 * The members list (issue 15): `GET /api/members` and `POST /api/members/export` take the same filters,
 * so the file holds exactly the rows the screen lists. Money is integer cents; days are
 * Pacific/Auckland calendar days (`YYYY-MM-DD`), instants ISO 8601.
 */

const recordId = z.coerce.number().int().positive().max(MAX_RECORD_ID)
const yesNo = z.enum(['true', 'false']).transform((value) => value === 'true')

const filterShape = {
  search: z.string().trim().max(200).optional(),
  state: z.enum(memberFilterStates).optional(),
  gym_id: recordId.optional(),
  offering_id: recordId.optional(),
  tag: z.string().trim().min(1).max(60).optional(),
  joined_from: calendarDate.optional(),
  joined_to: calendarDate.optional(),
  /** Members whose last successful visit is more than this many days ago, or who never came. */
  not_visited_days: z.coerce.number().int().min(1).max(MAX_NOT_VISITED_DAYS).optional(),
  /** Members whose membership owes money (`true`), or owes none (`false`). */
  owing: z.union([z.boolean(), yesNo]).optional(),
  sort: z.enum(memberSorts).default('name'),
}

export const joinedRangeMessage = 'Choose a day on or after the “joined from” day'

function joinedRangeInOrder(filters: { joined_from?: string; joined_to?: string }) {
  return !filters.joined_from || !filters.joined_to || filters.joined_from <= filters.joined_to
}
const joinedRange = { path: ['joined_to'], message: joinedRangeMessage }

/** The filters, as a JSON body (the export). */
export const memberFiltersSchema = z.object(filterShape).refine(joinedRangeInOrder, joinedRange)
export type MemberFilters = z.input<typeof memberFiltersSchema>
export type ParsedMemberFilters = z.output<typeof memberFiltersSchema>

/** The filters and the page, as a query string (the list). */
export const membersQuerySchema = z
  .object({
    ...filterShape,
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine(joinedRangeInOrder, joinedRange)
export type MembersQuery = z.input<typeof membersQuerySchema>

const named = z.object({ id: z.number().int(), name: z.string() })

export const memberRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  mobile_number: z.string().nullable(),
  /** The photo's address, or null. */
  profile_picture: z.string().nullable(),
  /** The membership's gym, else the member's home gym. */
  gym: named.nullable(),
  offering: named.nullable(),
  /** The price of the latest membership; `amount` is null for staff who may not see money (ADR 014). */
  price: z
    .object({
      id: z.number().int(),
      amount: z.number().int().nullable(),
      billing_frequency: z.enum(billingFrequencies),
    })
    .nullable(),
  /** The state the badge shows (SPEC §4), and every state that holds today. */
  state: memberStateSchema,
  states: z.array(memberStateSchema),
  card_colour: cardColourSchema.nullable(),
  /** Cents owing on the latest membership; null for staff who may not see money. */
  balance_owing: z.number().int().nullable(),
  last_visit_at: z.string().nullable(),
  joined_at: z.string(),
  tags: z.array(z.string()),
})
export type MemberRow = z.infer<typeof memberRowSchema>

/** What the list's filters offer: the caller's gyms, the offerings there and the tags in use. */
export const memberFilterOptionsSchema = z.object({
  gyms: z.array(named),
  offerings: z.array(named),
  tags: z.array(z.string()),
  /** Whether the caller sees money (balance owing, prices): organisation and gym admins. */
  sees_money: z.boolean(),
})
export type MemberFilterOptions = z.infer<typeof memberFilterOptionsSchema>

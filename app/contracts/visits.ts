import { namedSchema, pageFields, yesNo } from '~/contracts/list-fields'
import { visitSorts } from '~/contracts/visit-filters'
import { calendarDate, queryRecordId, z } from '~/lib/validation'

export * from '~/contracts/visit-filters'

/**
 * The visits list (issue 16): `GET /api/visits` and `POST /api/visits/export` take the same filters,
 * so the file holds exactly the rows the screen lists. Days are Pacific/Auckland calendar days
 * (`YYYY-MM-DD`), instants ISO 8601.
 */

const recordId = queryRecordId

const filterShape = {
  /** A member's name or e-mail, or part of it. */
  search: z.string().trim().max(200).optional(),
  gym_id: recordId.optional(),
  /** Auckland days, inclusive. */
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  /** Entries that opened the door (`true`) or were refused (`false`). */
  successful: z.union([z.boolean(), yesNo]).optional(),
  sort: z.enum(visitSorts).default('-visited_at'),
}

export const visitRangeMessage = 'Choose a day on or after the “from” day'
export const visitFromRangeMessage = 'Choose a day on or before the “to” day'

const inOrder = <T extends z.ZodType<{ from?: string; to?: string }>>(schema: T) =>
  schema.refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'], message: visitRangeMessage })

/** The filters, as a JSON body (the export). */
export const visitFiltersSchema = inOrder(z.object(filterShape))
export type VisitFilters = z.input<typeof visitFiltersSchema>
export type ParsedVisitFilters = z.output<typeof visitFiltersSchema>

/** The filters and the page, as a query string (the list). */
export const visitsQuerySchema = inOrder(
  z.object({
    ...filterShape,
    ...pageFields(),
  }),
)
export type VisitsQuery = z.input<typeof visitsQuerySchema>

export const visitRowSchema = z.object({
  id: z.number().int(),
  visited_at: z.string(),
  member: namedSchema,
  gym: namedSchema,
  /** The door it happened at, when it came from a door. */
  door: namedSchema.nullable(),
  successful: z.boolean(),
  /** Why a refused entry was refused, in words; null when it opened (or no reason was given). */
  refused_reason: z.string().nullable(),
})
export type VisitRow = z.infer<typeof visitRowSchema>

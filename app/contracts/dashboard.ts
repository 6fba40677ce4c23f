import { memberStateSchema } from '~/contracts/billing-debugging'
import { namedSchema } from '~/contracts/list-fields'
import { queryRecordId, z } from '~/lib/validation'

/**
 * The dashboard's four calls (SPEC §7 "Dashboard and search"). Each answers for one gym (`gym_id`) or,
 * without it, every gym the caller may see (the whole organisation for an organisation admin). Money is
 * integer cents and null for a caller who may not see payments (ADR 014); days are Pacific/Auckland
 * calendar days, weeks start on Monday.
 */

export const dashboardQuerySchema = z.object({
  gym_id: queryRecordId.optional(),
})
export type DashboardQuery = z.input<typeof dashboardQuerySchema>

/** A member counts as new for this many days after their membership starts. */
export const NEW_MEMBER_DAYS = 30
/** Weeks of history the trend and the visit pattern cover. */
export const TREND_WEEKS = 12
export const VISIT_PATTERN_DAYS = 28
export const FAILED_PAYMENTS_LIMIT = 10

const scopeFields = {
  today: z.string(),
  /** The gym asked for; null means every gym the caller may see. */
  gym_id: z.number().int().nullable(),
}

const collectionSchema = z.object({
  /** Collected (sent) payments, by the day they were paid. */
  amount: z.number().int(),
  count: z.number().int(),
  starts_on: z.string(),
  /** Exclusive. */
  ends_on: z.string(),
})
export type Collection = z.infer<typeof collectionSchema>

export const statsSchema = z.object({
  ...scopeFields,
  members: z.object({
    total: z.number().int(),
    active: z.number().int(),
    /** Memberships that started in the last NEW_MEMBER_DAYS days (today included). */
    new: z.number().int(),
    paused: z.number().int(),
    in_grace_period: z.number().int(),
    /** Cancelled, still with access until the end of the paid period. */
    cancelling: z.number().int(),
    upcoming: z.number().int(),
  }),
  new_since: z.string(),
  /** The demo data's year of history is still being made (ADR 021): the figures are filling in. */
  demo_history_pending: z.boolean(),
  /** Pauses and cancellations members made themselves in their account, since the 1st (issue 28). */
  self_service: z.object({ since: z.string(), pauses: z.number().int(), cancellations: z.number().int() }),
  collections: z
    .object({
      /** Monday to today. */
      this_week: collectionSchema,
      /** The same days of the week before (Monday to the same weekday). */
      previous_week: collectionSchema,
      /** The 1st to today. */
      this_month: collectionSchema,
      /** The 1st of last month to the same day of it (its last day when it is shorter). */
      previous_month: collectionSchema,
    })
    .nullable(),
})
export type Stats = z.infer<typeof statsSchema>

export const activeUsersSchema = z.object({
  ...scopeFields,
  weeks: z.array(
    z.object({
      starts_on: z.string(),
      ends_on: z.string(),
      /** Members with at least one successful visit in the week. */
      visitors: z.number().int(),
      /** Memberships that started in the week. */
      joined: z.number().int(),
      /** Memberships cancelled in the week. */
      cancelled: z.number().int(),
    }),
  ),
})
export type ActiveUsers = z.infer<typeof activeUsersSchema>

export const userBreakdownSchema = z.object({
  ...scopeFields,
  total: z.number().int(),
  /** Members per display state of SPEC §4 (a member can be in two: cancelled and undoable). */
  states: z.record(memberStateSchema, z.number().int()),
  /** Members whose latest membership is on each offering, largest first. */
  offerings: z.array(z.object({ name: z.string(), members: z.number().int() })),
})
export type UserBreakdown = z.infer<typeof userBreakdownSchema>

export const failedPaymentSchema = z.object({
  id: z.number().int(),
  member: namedSchema,
  gym_name: z.string(),
  amount: z.number().int(),
  due_on: z.string(),
  status: z.string(),
  is_retry: z.boolean(),
  error_description: z.string().nullable(),
  /** What the membership owes now. */
  balance_owing: z.number().int(),
})
export type FailedPayment = z.infer<typeof failedPaymentSchema>

export const costAndVisitBreakdownSchema = z.object({
  ...scopeFields,
  /** The next four weeks (this one first), as the expected-payments debug view counts them. */
  expected_collections: z
    .array(
      z.object({
        starts_on: z.string(),
        ends_on: z.string(),
        expected: z.number().int(),
        expected_count: z.number().int(),
      }),
    )
    .nullable(),
  /** The latest failed payment of each membership that still owes, newest first. */
  failed_payments: z.object({ total: z.number().int(), rows: z.array(failedPaymentSchema) }).nullable(),
  visits: z.object({
    starts_on: z.string(),
    ends_on: z.string(),
    total: z.number().int(),
    /** Successful visits per ISO weekday: index 0 is Monday. */
    by_day: z.array(z.number().int()),
    /** Successful visits per hour of the day, 0–23. */
    by_hour: z.array(z.number().int()),
  }),
  /** Collected in the visit window divided by its visits; null without visits or money access. */
  cost_per_visit: z.number().int().nullable(),
})
export type CostAndVisitBreakdown = z.infer<typeof costAndVisitBreakdownSchema>

import { billingFrequencies, offeringTypes, termUnits } from '~/contracts/enums'
import { namedSchema, pageFields } from '~/contracts/list-fields'
import {
  enterTermAmount,
  findTermProblems,
  selectTermUnit,
  termAmountSchema,
  termUnitSchema,
} from '~/contracts/price-rules'
import { formatCents } from '~/lib/money'
import { moneyInCents, queryRecordId, z } from '~/lib/validation'

/**
 * The catalogue (offerings and their prices), as the API takes and serves them (SPEC §3, §5, §7). Money is integer cents; days are ISO weekdays 1 Monday … 7 Sunday;
 * times `HH:MM` in the gym's (Pacific/Auckland) local time.
 */

export { billingFrequencies, offeringTypes, termUnits }

const id = queryRecordId
const cents = moneyInCents({ max: 100_000_000 })
const time = z
  .string()
  .min(1)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Value is not a valid time (HH:MM)')

export const addAtLeastOneDay = 'Add at least one day'
export const selectAtLeastOneGym = 'Select at least one gym'

export const offeringHoursInputSchema = z
  .object({ day: z.int().min(1).max(7), open_at: time, close_at: time })
  // Same-day windows: a window past midnight is two rows, one per day.
  .refine((hours) => hours.open_at < hours.close_at, {
    message: 'The closing time must be after the opening time',
    path: ['close_at'],
  })
export type OfferingHoursInput = z.infer<typeof offeringHoursInputSchema>

/**
 * Cross-field rules run even when other fields already failed (zod skips refinements after an error by
 * default), so a form shows every SPEC §5 message at once. The value may then be partly invalid, or not
 * an object at all (the OpenAPI generator probes schemas with null).
 */
const evenWithOtherErrors = { when: () => true }

type TermFields = { term_amount?: unknown; term_unit?: unknown }

/** The price term rules of `~/lib/price-rules`, under the contract's field names. */
function withTermRules<T extends z.ZodType<TermFields>>(schema: T) {
  const problems = (price: TermFields | undefined) =>
    findTermProblems({ termAmount: price?.term_amount, termUnit: price?.term_unit })
  return schema
    .refine((price) => problems(price).termUnit === undefined, {
      path: ['term_unit'],
      message: selectTermUnit,
      ...evenWithOtherErrors,
    })
    .refine((price) => problems(price).termAmount === undefined, {
      path: ['term_amount'],
      message: enterTermAmount,
      ...evenWithOtherErrors,
    })
}

const priceFields = {
  amount: cents,
  billing_frequency: z.enum(billingFrequencies),
  private: z.boolean().default(false),
  joining_fee: cents.nullish(),
  term_unit: termUnitSchema.nullish(),
  term_amount: termAmountSchema.nullish(),
}

export const priceInputSchema = withTermRules(
  z.object({
    ...priceFields,
    /** A price for one gym of the offering; absent or null: the price applies at every gym of it. */
    gym_id: id.nullish(),
  }),
)
export type PriceInput = z.input<typeof priceInputSchema>

export const updatePriceRequestSchema = withTermRules(z.object(priceFields))
export type UpdatePriceRequest = z.output<typeof updatePriceRequestSchema>

export const createOfferingRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    description: z.string().trim().max(2000).nullish(),
    type: z.enum(offeringTypes),
    all_gyms_access: z.boolean().default(false),
    mandated: z.boolean().default(false),
    hours_mandated: z.boolean().default(false),
    prices_mandated: z.boolean().default(false),
    prices: z.array(priceInputSchema).max(20).default([]),
    hours: z.array(offeringHoursInputSchema).max(70).default([]),
    gyms: z.array(id).max(500).default([]),
  })
  .refine(
    (offering) =>
      !(
        offering?.type === 'limited_access' &&
        offering.hours_mandated &&
        (offering.hours?.length ?? 0) === 0
      ),
    { path: ['hours'], message: addAtLeastOneDay, ...evenWithOtherErrors },
  )
  .refine((offering) => !offering || offering.all_gyms_access === true || (offering.gyms?.length ?? 0) > 0, {
    path: ['gyms'],
    message: selectAtLeastOneGym,
    ...evenWithOtherErrors,
  })
export type CreateOfferingRequest = z.input<typeof createOfferingRequestSchema>

/** An offering's edit (issue 13): its type stays what members joined; prices are edited one by one. */
export const updateOfferingRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    description: z.string().trim().max(2000).nullish(),
    all_gyms_access: z.boolean().default(false),
    hours: z.array(offeringHoursInputSchema).max(70).default([]),
    gyms: z.array(id).max(500).default([]),
  })
  .refine((offering) => !offering || offering.all_gyms_access === true || (offering.gyms?.length ?? 0) > 0, {
    path: ['gyms'],
    message: selectAtLeastOneGym,
    ...evenWithOtherErrors,
  })
export type UpdateOfferingRequest = z.input<typeof updateOfferingRequestSchema>

export const privateLinkSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  age_bypass: z.boolean(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  used_at: z.string().nullable(),
})
export type PrivateLink = z.infer<typeof privateLinkSchema>

export const priceSchema = z.object({
  id: z.number().int(),
  offering_id: z.number().int(),
  offering_name: z.string(),
  gym: namedSchema.nullable(),
  amount: z.number().int(),
  billing_frequency: z.enum(billingFrequencies),
  joining_fee: z.number().int(),
  private: z.boolean(),
  term_amount: z.number().int().nullable(),
  term_unit: z.enum(termUnits).nullable(),
  is_term_membership: z.boolean(),
  /** "12 months", or null for a flexi price. */
  formatted_term: z.string().nullable(),
  /** What the whole term costs (amount × periods in the term), or null for a flexi price. */
  total_value: z.number().int().nullable(),
  grouping_unique_identifier: z.string().nullable(),
  /** Memberships ever taken on the price. */
  subscriptions_count: z.number().int(),
  /** Members on the price now in the viewer's gyms (all for an organisation admin): counted as the dashboard counts them. */
  members_count: z.number().int(),
  /** A membership was on it or is moving to it, so it can be archived but not deleted. */
  in_use: z.boolean(),
  archived_at: z.string().nullable(),
  private_links: z.array(privateLinkSchema),
})
export type Price = z.infer<typeof priceSchema>

export const offeringHoursSchema = z.object({
  id: z.number().int(),
  day: z.number().int(),
  open_at: z.string(),
  close_at: z.string(),
})

export const offeringSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(offeringTypes),
  all_gyms_access: z.boolean(),
  mandated: z.boolean(),
  hours_mandated: z.boolean(),
  prices_mandated: z.boolean(),
  gyms: z.array(namedSchema),
  prices_count: z.number().int(),
  memberships_count: z.number().int(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** "24/7" or "Limited hours": the type as people read it. */
  display_type: z.string(),
})
export type OfferingSummary = z.infer<typeof offeringSummarySchema>

export const offeringSchema = offeringSummarySchema.extend({
  hours: z.array(offeringHoursSchema),
  prices: z.array(priceSchema),
  /** Whether the caller may change the offering and its prices (ADR 013). */
  can_manage: z.boolean(),
  /** One of its prices is in use, so it can be archived but not deleted. */
  in_use: z.boolean(),
})
export type Offering = z.infer<typeof offeringSchema>

export const offeringListQuerySchema = z.object({
  archived: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  search: z.string().trim().max(120).optional(),
  ...pageFields(),
})
export type OfferingListQuery = z.input<typeof offeringListQuerySchema>
export type OfferingListQueryValues = z.output<typeof offeringListQuerySchema>

export const uniqueMembershipsSchema = z.object({
  gym_id: z.number().int(),
  offering_id: z.number().int(),
  /** Distinct members who ever held a membership on the offering at the gym. */
  total: z.number().int(),
  /** Of those, members whose membership has not ended. */
  current: z.number().int(),
})

export const privateLinkRequestSchema = z.object({ age_bypass: z.boolean().default(false) })

export const organisationPricesQuerySchema = z.object({
  archived: z
    .enum(['true', 'false', 'all'])
    .default('false')
    .transform((value) => (value === 'all' ? undefined : value === 'true')),
})

export const deleteRefusedMessages = {
  price: 'This price has memberships, so it can’t be deleted. Archive it instead.',
  offering: 'This offering has memberships, so it can’t be deleted. Archive it instead.',
} as const

/** What a join link (private price or age bypass) offers, shown on the join site's sign-up form. */
export const joinLinkSchema = z.object({
  organisation_name: z.string(),
  age_bypass: z.boolean(),
  gym: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  price: z
    .object({
      id: z.number().int(),
      offering_name: z.string(),
      amount: z.number().int(),
      billing_frequency: z.enum(billingFrequencies),
      joining_fee: z.number().int(),
    })
    .nullable(),
})
export type JoinLink = z.infer<typeof joinLinkSchema>

/** The join site's words for a `?link=` that is no link of ours (mistyped, or cut short when copied). */
export const unrecognisedJoinLinkMessage =
  'We don’t recognise this link. Check it was copied in full, or ask the gym for a new one.'

/* Words */

export const offeringTypeLabels: Record<(typeof offeringTypes)[number], string> = {
  '24_7': '24/7',
  limited_access: 'Limited hours',
}

export const billingFrequencyLabels: Record<(typeof billingFrequencies)[number], string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  monthly: 'Monthly',
  bi_monthly: 'Every two months',
  quarterly: 'Quarterly',
  twice_yearly: 'Six-monthly',
  yearly: 'Yearly',
  one_off: 'One-off',
}

export const termUnitLabels: Record<(typeof termUnits)[number], string> = {
  week: 'Weeks',
  month: 'Months',
  year: 'Years',
}

export const dayNames = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const

/** "12 months", "1 year". */
export function formatTerm(amount: number | null, unit: (typeof termUnits)[number] | null): string | null {
  if (amount == null || unit == null) return null
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`
}

/** "$25.00 weekly". */
export function describePrice(price: Pick<Price, 'amount' | 'billing_frequency'>): string {
  return `${formatCents(price.amount)} ${billingFrequencyLabels[price.billing_frequency].toLowerCase()}`
}

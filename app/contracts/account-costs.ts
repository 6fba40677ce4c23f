import { billingFrequencies } from '~/contracts/enums'
import { weeklyCostPerVisitSchema } from '~/contracts/members'
import { z } from '~/lib/validation'

/**
 * `GET /api/me/account/costs` (issue 28 point 2): what the member's membership will cost over the next
 * twelve months, by the billing engine's own rules (each charge as `nextCharge` names it, one after
 * the other), what they paid this year, and what each visit cost them lately.
 */

/** A charge ahead: the day the engine takes it and what it takes. */
export const projectedChargeSchema = z.object({
  /** Auckland day. */
  on: z.string(),
  /** Cents before the card surcharge. */
  amount: z.number().int(),
  surcharge: z.number().int(),
  /** What is taken: amount plus surcharge. */
  total: z.number().int(),
  kind: z.enum(['first_payment', 'renewal', 'retry']),
  /** Charged at a scheduled price change's new price. */
  new_price: z.boolean(),
})

/** What happens on the way: a pause, a price change, the term's end, the membership's end. */
export const costMarkerSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('pause'),
    /** The first paused day. */
    on: z.string(),
    /** The last paused day (inclusive). */
    until: z.string(),
  }),
  z.object({
    kind: z.literal('price_change'),
    /** The renewal first charged at the new price. */
    on: z.string(),
    /** The new price per period, before the card surcharge. */
    amount: z.number().int(),
    surcharge: z.number().int(),
    total: z.number().int(),
  }),
  z.object({
    kind: z.literal('term_end'),
    /** The first day after the minimum term (the member may leave without a cost from this day). */
    on: z.string(),
  }),
  z.object({
    kind: z.literal('membership_end'),
    /** The first day with no membership (nothing is charged from this day). */
    on: z.string(),
    /** Cancelled (by the member or the gym), or to end for a payment still owed. */
    reason: z.enum(['cancelled', 'unpaid']),
  }),
])

export const accountCostsSchema = z.object({
  /** The membership the figures are for: the member's latest; null when they have none. */
  membership: z
    .object({
      id: z.number().int(),
      offering_name: z.string(),
      gym_name: z.string(),
      billing_frequency: z.enum(billingFrequencies),
      /** The first day with no membership, once cancelled; null while it runs on. */
      ends_on: z.string().nullable(),
    })
    .nullable(),
  /** The calendar's months (each month's first day), this one first. */
  months: z.array(z.string()),
  /** Today and the projection's last day (Auckland). */
  from: z.string(),
  until: z.string(),
  /** The charges ahead, in day order; the first is the membership's next charge. */
  charges: z.array(projectedChargeSchema),
  markers: z.array(costMarkerSchema),
  /** Why nothing is charged ahead, when nothing is. */
  no_charges_reason: z.enum(['no_membership', 'ended', 'ending', 'not_recurring']).nullable(),
  /** Paid this calendar year (Auckland), cents, surcharges included, less credit used. */
  paid_this_year: z.object({
    year: z.number().int(),
    total: z.number().int(),
    payments: z.number().int(),
  }),
  /** The last weeks' visits and cost, as the console's member page shows them. */
  weeks: weeklyCostPerVisitSchema,
  /** Those weeks together: their cost ÷ their visits (null without a visit). */
  cost_per_visit: z.object({
    cost: z.number().int(),
    visits: z.number().int(),
    per_visit: z.number().int().nullable(),
  }),
  /**
   * So far: every week since the membership began, the same sum over more weeks (paid periods spread
   * over their days ÷ visits); null without a membership.
   */
  since_joining: z
    .object({
      since: z.string(),
      cost: z.number().int(),
      visits: z.number().int(),
      per_visit: z.number().int().nullable(),
    })
    .nullable(),
})
export type AccountCosts = z.infer<typeof accountCostsSchema>
export type ProjectedCharge = z.infer<typeof projectedChargeSchema>
export type CostMarker = z.infer<typeof costMarkerSchema>

import { graceUnits, organisationPriceFrequencies } from '~/contracts/enums'
import { keepOneFrequencyMessage } from '~/contracts/price-rules'
import { gstNumberMessage, normaliseGstNumber } from '~/lib/gst-number'
import { z } from '~/lib/validation'

/**
 * The organisation's own settings, as the API takes and serves them (SPEC §3, §5, §7): its name, grace
 * periods, which offerings and price frequencies it sells, its age-bypass links and Akahu webhooks.
 */

export { graceUnits, organisationPriceFrequencies }

export const organisationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  multi_gym: z.boolean(),
  offering_permissions: z.object({
    enable_offerings: z.boolean(),
    non_stop: z.boolean(),
    limited_access: z.boolean(),
  }),
  price_frequencies: z.array(z.enum(organisationPriceFrequencies)),
  failed_payment_grace_period: z.number().int(),
  failed_payment_grace_period_unit: z.enum(graceUnits),
  term_membership_grace_period: z.number().int(),
  term_membership_grace_period_unit: z.enum(graceUnits),
  /** Days of notice a member gets before their price rises (issue 25); a cut needs none. */
  price_rise_notice_days: z.number().int(),
  /** For GST receipts: the registered name and GST number, null until set. */
  legal_name: z.string().nullable(),
  gst_number: z.string().nullable(),
  /** Members may pause and cancel their own membership on the join site (issue 28); both on by default. */
  self_service: z.object({
    members_may_pause_online: z.boolean(),
    members_may_cancel_online: z.boolean(),
  }),
})
export type Organisation = z.infer<typeof organisationSchema>

const gracePeriod = z.int().min(0).max(365)

export const organisationNameRequestSchema = z.object({ name: z.string().trim().min(1).max(120) })
/** What receipts carry: blank fields are cleared; a GST number must pass Inland Revenue's check. */
export const taxDetailsRequestSchema = z.object({
  legal_name: z.string().trim().max(200),
  gst_number: z
    .string()
    .trim()
    .max(20)
    .refine((value) => value === '' || normaliseGstNumber(value) !== null, gstNumberMessage),
})
export const gracePeriodRequestSchema = z.object({
  failed_payment_grace_period: gracePeriod,
  failed_payment_grace_period_unit: z.enum(graceUnits),
})
export const termGracePeriodRequestSchema = z.object({
  term_membership_grace_period: gracePeriod,
  term_membership_grace_period_unit: z.enum(graceUnits),
})
export const priceRiseNoticeRequestSchema = z.object({
  price_rise_notice_days: z.int().min(0).max(365),
})
export const offeringPermissionsRequestSchema = z.object({
  enable_offerings: z.boolean(),
  non_stop: z.boolean(),
  limited_access: z.boolean(),
})
export const selfServiceRequestSchema = z.object({
  members_may_pause_online: z.boolean(),
  members_may_cancel_online: z.boolean(),
})
export const priceFrequenciesRequestSchema = z.object({
  price_frequencies: z
    .array(z.enum(organisationPriceFrequencies))
    .min(1, keepOneFrequencyMessage)
    .max(organisationPriceFrequencies.length),
})

export const akahuWebhookSchema = z.object({
  id: z.number().int(),
  event_id: z.string(),
  type: z.string(),
  received_at: z.string(),
  processed_at: z.string().nullable(),
  error: z.string().nullable(),
  payload: z.unknown(),
})
export type AkahuWebhook = z.infer<typeof akahuWebhookSchema>

export const ageBypassLinkSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  created_at: z.string(),
  used_at: z.string().nullable(),
})
export type AgeBypassLink = z.infer<typeof ageBypassLinkSchema>

/* Words */

export const graceUnitLabels: Record<(typeof graceUnits)[number], string> = {
  day: 'Days',
  week: 'Weeks',
  month: 'Months',
}

export const organisationFrequencyLabels: Record<(typeof organisationPriceFrequencies)[number], string> = {
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  six_monthly: 'Six-monthly',
  yearly: 'Yearly',
}

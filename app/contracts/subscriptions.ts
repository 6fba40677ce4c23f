import { deskPaymentMethods, paymentMethodTypes } from '~/contracts/enums'
import { memberStandingSchema } from '~/contracts/members'
import { calendarDate, queryRecordId, z } from '~/lib/validation'

const date = calendarDate
const id = queryRecordId

/** The subscription as the API serves it (SPEC §3): the stored state; screens derive the rest. */
export const subscriptionSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  gym_id: z.number().int(),
  price_id: z.number().int(),
  start_date: z.string(),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  paused_at: z.string().nullable(),
  pause_start_at: z.string().nullable(),
  pause_end_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancellation_reasons: z.array(z.string()),
  cancellation_comments: z.string().nullable(),
  undo_cancellation_until: z.string().nullable(),
  grace_period_ends_at: z.string().nullable(),
  upcoming_state: z.string().nullable(),
  transition_to_price: z.number().int().nullable(),
  transition_takes_effect_at: z.string().nullable(),
  transition_to_date: z.string().nullable(),
  force_price_amount: z.number().int().nullable(),
  term_ends_at: z.string().nullable(),
  cooling_period_ends_at: z.string().nullable(),
  cancelled_during_cooling_off_period: z.boolean(),
  balance_owing: z.number().int(),
  periods_owing: z.number().int(),
  version: z.number().int(),
})
export type SubscriptionResource = z.infer<typeof subscriptionSchema>

/**
 * A staff change's answer (pause, resume, cancel, undo, start early, desk payment, price change): the
 * subscription as stored after it, and `member`, what the member's page shows of it now — the page sets
 * its data from this instead of reading the member again.
 */
export const membershipChangeSchema = subscriptionSchema.extend({ member: memberStandingSchema })
export type MembershipChangeResource = z.infer<typeof membershipChangeSchema>

/** Every change names the version it was made on: two staff editing at once cannot overwrite each other. */
const versioned = { version: z.number().int().positive() }

export const createSubscriptionRequestSchema = z.object({
  price_id: id,
  gym_id: id.optional(),
  /** Staff creating a membership for a member; members create their own. */
  user_id: id.optional(),
  start_date: date.optional(),
  private_price_link_id: id.optional(),
  /** A member joining (issue 14): the confirm screen's idempotency key and the accepted agreement. */
  client_key: z.string().max(64).optional(),
  agreement_name: z.string().max(200).optional(),
  off_session_consent: z.boolean().optional(),
})

export const pauseRequestSchema = z.object({ ...versioned, start_date: date, end_date: date })

export const cancelRequestSchema = z.object({
  ...versioned,
  reasons: z.array(z.string().trim().min(1).max(100)).max(10).default([]),
  comments: z.string().trim().max(2000).nullish(),
  /** Staff only: end the membership today instead of at the end of the period. */
  immediately: z.boolean().default(false),
})

export const undoCancellationRequestSchema = z.object(versioned)

export const schedulePriceChangeRequestSchema = z.object({
  ...versioned,
  subscription_id: id,
  price_id: id,
  /** Empty: at the end of the current period. */
  date: date.nullish(),
})

export const changePricePreviewRequestSchema = z.object({
  subscription_id: id,
  price_id: id,
  date: date.nullish(),
})

export const deskMethodMessage = 'Choose how it was paid: cash, EFTPOS, bank transfer or other.'

export const manualPaymentRequestSchema = z.object({
  ...versioned,
  amount: z.number().int().min(1).max(10_000_000),
  /** How the money was paid at the desk (issue 25): a required choice. */
  method: z.enum(deskPaymentMethods, { error: deskMethodMessage }),
  note: z.string().trim().max(500).nullish(),
})

export const startEarlyRequestSchema = z.object(versioned)

export const startEarlyDataSchema = z.object({
  start_date: z.string(),
  original_start_date: z.string(),
  pro_rata_amount: z.number().int(),
  explanation: z.array(z.string()),
})

export const priceChangeHistoryEntrySchema = z.object({
  id: z.number().int(),
  subscription_id: z.number().int(),
  from_price_id: z.number().int().nullable(),
  to_price_id: z.number().int().nullable(),
  from_amount: z.number().int(),
  to_amount: z.number().int(),
  takes_effect_on: z.string(),
  applied_at: z.string().nullable(),
  created_at: z.string(),
})

export const emailPreviewSchema = z.object({
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** The day the new price is first charged: the day the e-mail names (the engine's rule). */
  takes_effect_on: z.string(),
})

export const surchargeTotalQuerySchema = z.object({
  amount: z.coerce.number().int().min(0).max(10_000_000),
  payment_type: z.enum(paymentMethodTypes).default('stripe_card'),
})
export const surchargeTotalSchema = z.object({
  amount: z.number().int(),
  surcharge: z.number().int(),
  total: z.number().int(),
  surcharge_text: z.string().nullable(),
})

export const proRataRequestSchema = z.object({ start_date: date, billing_date: date })
export const proRataSchema = z.object({
  amount: z.number().int(),
  days: z.number().int(),
  period_days: z.number().int(),
  daily_rate: z.number(),
  explanation: z.array(z.string()),
})

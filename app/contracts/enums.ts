/**
 * Closed value sets shared by the database, the API contracts and the UI. The database stores them as
 * `text` with a check constraint (see `isOneOf` in ./columns) rather than PostgreSQL enum types: a check
 * can be widened or narrowed in one plain migration, while `ALTER TYPE … ADD VALUE` cannot drop values and
 * cannot be used in the transaction that adds it.
 */

/** Billing frequency of a price (SPEC §9). */
export const billingFrequencies = [
  'daily',
  'weekly',
  'fortnightly',
  'monthly',
  'bi_monthly',
  'quarterly',
  'twice_yearly',
  'yearly',
  'one_off',
] as const
export type BillingFrequency = (typeof billingFrequencies)[number]

/**
 * Frequencies an organisation can switch on for its prices (SPEC §9). Note the organisation setting says
 * `six_monthly` where the price says `twice_yearly`; daily, bi_monthly and one_off are not switchable.
 */
export const organisationPriceFrequencies = [
  'weekly',
  'fortnightly',
  'monthly',
  'quarterly',
  'six_monthly',
  'yearly',
] as const
export type OrganisationPriceFrequency = (typeof organisationPriceFrequencies)[number]

export const offeringTypes = ['24_7', 'limited_access'] as const
export type OfferingType = (typeof offeringTypes)[number]

/** Per-gym staff role (SPEC §6). */
export const staffRoles = ['admin', 'personal_trainer'] as const
export type StaffRole = (typeof staffRoles)[number]

/** Organisation-wide role of a user; a user without it has none. */
export const organisationRoles = ['admin'] as const
export type OrganisationRole = (typeof organisationRoles)[number]

/** Unit of the failed-payment and term-membership grace periods (the spec does not name them). */
export const graceUnits = ['day', 'week', 'month'] as const
export type GraceUnit = (typeof graceUnits)[number]

export const termUnits = ['week', 'month', 'year'] as const
export type TermUnit = (typeof termUnits)[number]

export const confidenceAndExperienceOptions = [
  'first_time',
  'been_but_not_sure_what_to_do',
  'been_but_not_achieved_goals',
  'been_but_stopped_going',
  'experienced_and_confident',
] as const
export type ConfidenceAndExperience = (typeof confidenceAndExperienceOptions)[number]

/** `other` goes with the free text in `users.hear_about_us_other`. */
export const hearAboutUsOptions = [
  'friend',
  'physical_marketing',
  'google_advert',
  'facebook_or_instagram',
  'google_search',
  'been_member_here_before',
  'other',
] as const
export type HearAboutUs = (typeof hearAboutUsOptions)[number]

export const paymentMethodTypes = ['bank_account', 'stripe_card'] as const
export type PaymentMethodType = (typeof paymentMethodTypes)[number]

/** How a payment is collected: `manual` is money taken at the desk and recorded by staff. */
export const paymentTypes = ['bank_account', 'stripe_card', 'manual'] as const
export type PaymentType = (typeof paymentTypes)[number]

/** How money taken at the desk was paid (issue 25): staff choose one when recording it. */
export const deskPaymentMethods = ['cash', 'eftpos', 'bank_transfer', 'other'] as const
export type DeskPaymentMethod = (typeof deskPaymentMethods)[number]

/**
 * Known payment statuses (DESIGN §5: upcoming → pending_request → sent | failed). The column is plain
 * text without a check because SPEC §4 treats every status other than sent, upcoming and pending_request
 * as failed, so a provider-specific failure status must still be storable.
 */
export const paymentStatuses = [
  'upcoming',
  'pending_request',
  'sent',
  'failed',
  'cancelled',
  'refunded',
  // Staff let the member off a failed payment (issue 16): not owed, not paid.
  'waived',
] as const
export type PaymentStatus = (typeof paymentStatuses)[number]

/** Life of one charge attempt: `started` is written before the provider is called. */
export const paymentAttemptStatuses = ['started', 'succeeded', 'failed', 'unknown'] as const
export type PaymentAttemptStatus = (typeof paymentAttemptStatuses)[number]

export const paymentProviders = ['stripe', 'akahu', 'sandbox_card', 'sandbox_bank', 'manual'] as const
export type PaymentProvider = (typeof paymentProviders)[number]

/** When a scheduled price change applies: at the end of the current period (default) or on a date. */
export const priceTransitionTimings = ['period_end', 'date'] as const
export type PriceTransitionTiming = (typeof priceTransitionTimings)[number]

export const accessControlIntegrationTypes = ['kisi', 'sandbox'] as const
export type AccessControlIntegrationType = (typeof accessControlIntegrationTypes)[number]

export const oneTimeCodePurposes = [
  'two_factor',
  'email_verification',
  'password_reset',
  'staff_invite',
  /** A member staff added: the link to set a password and finish joining (issue 15). */
  'member_invite',
  /** A member's new e-mail address, confirmed by the link sent to it (issue 28); `users.pending_email`. */
  'email_change',
] as const
export type OneTimeCodePurpose = (typeof oneTimeCodePurposes)[number]

/** `kept`: no SMTP configured, so the message stays in the outbox (the sandbox "sends" it there). */
export const mailStatuses = ['pending', 'sending', 'sent', 'kept', 'failed'] as const
export type MailStatus = (typeof mailStatuses)[number]

// In a module of their own: the webhooks screen's address filters (in the route tree every page loads)
// read them without bringing every other value list along.
export {
  type WebhookProvider,
  type WebhookResult,
  webhookProviders,
  webhookResults,
} from '~/contracts/webhook-values'

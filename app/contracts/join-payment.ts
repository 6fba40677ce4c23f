import { chooseAccountMessage } from '~/contracts/bank-consent-words'
import { billingFrequencies, paymentMethodTypes, termUnits } from '~/contracts/enums'
import { joinOfferingSchema } from '~/contracts/join'
import { namedSchema } from '~/contracts/list-fields'
import { nextChargeSchema } from '~/contracts/next-charge'
import { calendarDate, recordId, recordIdParam, z } from '~/lib/validation'

/**
 * The join flow's payment steps and confirm (issue 14): payment methods, the card and bank set-ups,
 * the membership quote and the active subscription. Kept apart from `contract.ts` so the pages that only
 * need "About you" don't load these.
 */

/** SPEC §3 Payment method, as the member sees their own: numbers masked, never a card number. */
export const paymentTypeSchema = z.object({
  id: z.number().int(),
  type: z.enum(paymentMethodTypes),
  is_default: z.boolean(),
  /** Bank: the account's name; card: the brand. */
  name: z.string().nullable(),
  /** Bank: `99-••••-•••••99-91`. */
  bank_account_number: z.string().nullable(),
  status: z.string().nullable(),
  brand: z.string().nullable(),
  last_four: z.string().nullable(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  country: z.string().nullable(),
})
export type PaymentType = z.infer<typeof paymentTypeSchema>

/**
 * A card setup to confirm in the browser (issue 26): the provider says which form the page shows. The
 * sandbox's is our own card form (docs/sandbox-payments.md); Stripe's is the Payment Element, loaded with
 * the publishable key on the gym's connected account (`acct_…`, direct charges: PROVIDERS.md §1.4), so
 * the card number goes to Stripe and never to our server.
 */
export const cardSetupSchema = z.discriminatedUnion('provider', [
  z.object({ id: z.string(), client_secret: z.string(), provider: z.literal('sandbox_card') }),
  z.object({
    id: z.string(),
    client_secret: z.string(),
    provider: z.literal('stripe'),
    /** `pk_test_…` or `pk_live_…`: the one key that may reach a browser. */
    publishable_key: z.string(),
    /** The gym's connected account, Stripe.js's `stripeAccount`. */
    account: z.string(),
  }),
])
export type CardSetupAnswer = z.infer<typeof cardSetupSchema>

const setupId = z.string().trim().min(1).max(200)

export const saveCardRequestSchema = z.object({ setup_id: setupId })

/** The sandbox card form's fields, sent to the sandbox "provider" only (Stripe's confirmSetup). */
export const sandboxCardConfirmRequestSchema = z.object({
  client_secret: z.string().trim().min(1).max(200),
  number: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
})
export const sandboxCardConfirmSchema = z.object({
  status: z.enum(['succeeded', 'requires_payment_method']),
  error: z
    .object({
      code: z.string(),
      message: z.string(),
      field: z.enum(['number', 'expiry', 'cvc']).nullable(),
    })
    .nullable(),
})

export const authUrlSchema = z.object({ url: z.string() })

const oauthValue = z.string().trim().min(1).max(300)
export const bankExchangeRequestSchema = z.object({ code: oauthValue, state: oauthValue })

export const sandboxBankAccountSchema = z.object({
  suffix: z.string(),
  name: z.string(),
  account_number: z.string(),
})
export type SandboxBankAccount = z.infer<typeof sandboxBankAccountSchema>
export const sandboxBankConsentRequestSchema = z.object({
  state: oauthValue,
  redirect_uri: z.string().trim().min(1).max(500),
  account_suffixes: z
    .array(z.string().regex(/^\d{2}$/))
    .min(1, chooseAccountMessage)
    .max(10),
})
export const sandboxBankConsentSchema = z.object({ redirect_to: z.string() })

export const membershipOptionsSchema = z.object({
  gym: namedSchema,
  private_price: z.boolean(),
  offerings: z.array(joinOfferingSchema),
})
export type MembershipOptions = z.infer<typeof membershipOptionsSchema>

export const membershipQuoteQuerySchema = z.object({
  price_id: recordIdParam,
  start_date: calendarDate.optional(),
})

export const membershipQuoteSchema = z.object({
  price_id: z.number().int(),
  offering_name: z.string(),
  gym_name: z.string(),
  start_date: z.string(),
  billing_frequency: z.enum(billingFrequencies),
  payment_type: z.enum(paymentMethodTypes).nullable(),
  payment_method_label: z.string().nullable(),
  first_payment: z.object({
    period_amount: z.number().int(),
    joining_fee: z.number().int(),
    surcharge: z.number().int(),
    total: z.number().int(),
    due_on: z.string(),
  }),
  due_today: z.number().int(),
  recurring: z
    .object({
      amount: z.number().int(),
      surcharge: z.number().int(),
      total: z.number().int(),
      from: z.string(),
    })
    .nullable(),
  term: z
    .object({
      amount: z.number().int(),
      unit: z.enum(termUnits),
      ends_on: z.string(),
      total_value: z.number().int(),
      cooling_off_ends_on: z.string(),
    })
    .nullable(),
  surcharge_text: z.string().nullable(),
  agreement: z.string(),
})
export type MembershipQuote = z.infer<typeof membershipQuoteSchema>

/** The member's confirm: `POST /api/subscriptions` with the agreement and the idempotency key. */
export const joinRequestSchema = z.object({
  price_id: recordId,
  start_date: calendarDate.optional(),
  client_key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{16,64}$/, 'Reload the page and confirm again.'),
  agreement_name: z.string().trim().min(1, 'Type your name to accept the agreement.').max(200),
  off_session_consent: z.boolean(),
})
export type JoinRequest = z.infer<typeof joinRequestSchema>

export const activeSubscriptionSchema = z.object({
  id: z.number().int(),
  offering_name: z.string(),
  gym_name: z.string(),
  start_date: z.string(),
  billing_frequency: z.enum(billingFrequencies),
  amount: z.number().int(),
  /** What is charged next (`nextCharge`, ADR 031); the member's page gives the same shape. */
  next_charge: nextChargeSchema.nullable(),
  first_payment: z
    .object({
      amount: z.number().int(),
      status: z.enum(['paid', 'pending', 'upcoming', 'failed']),
      paid_at: z.string().nullable(),
      due_on: z.string(),
      method_label: z.string().nullable(),
    })
    .nullable(),
  door_access: z.string(),
})
export type ActiveSubscription = z.infer<typeof activeSubscriptionSchema>

/**
 * `POST /api/me/payment-types/{id}/switch`'s body: a member who has joined agrees to what the change
 * means (`GET …/change`) before their payments move; without it nothing changes (issue 25).
 */
export const switchPaymentTypeRequestSchema = z.object({ agreed: z.boolean().optional() })

/**
 * `GET /api/me/payment-types/{id}/change` (issue 25): what paying with this method would mean, before
 * anything changes — the method their payments use now, the membership's amount per period with the
 * card surcharge each way (the billing engine's own amount and surcharge rules), and whether the member
 * must agree (they have joined and it is not already the method their payments use).
 */
export const paymentMethodChangeSchema = z.object({
  method: paymentTypeSchema,
  current_method: paymentTypeSchema.nullable(),
  needs_agreement: z.boolean(),
  membership: z
    .object({
      offering_name: z.string(),
      gym_name: z.string(),
      billing_frequency: z.enum(billingFrequencies),
      /** The period's amount before any surcharge, in cents. */
      amount: z.number().int(),
      current_surcharge: z.number().int(),
      new_surcharge: z.number().int(),
      /** The next charge as it stands and as it would be on the new method (ADR 031); null: none. */
      next_charge_now: nextChargeSchema.nullable(),
      next_charge_after: nextChargeSchema.nullable(),
      /** Those two in words ("$25.63 ($25.00 + $0.63 card surcharge) on Tue 24 Mar 2026"), the page's. */
      next_payment_now: z.string(),
      next_payment_after: z.string(),
    })
    .nullable(),
  surcharge_text: z.string().nullable(),
})
export type PaymentMethodChange = z.infer<typeof paymentMethodChangeSchema>

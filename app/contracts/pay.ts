import { paymentTypeSchema, saveCardRequestSchema } from '~/contracts/join-payment'
import { paymentLinkTokenPattern } from '~/contracts/payment-link-token'
import { recordId, z } from '~/lib/validation'

/**
 * The payment link's page on the join site (issue 16): what is owed and why, the member's saved
 * methods, and paying. The token in the path is the only credential; it names one membership.
 */

/** A token as `randomToken` makes them (`payment-link-token.ts`). */
export const paymentLinkToken = z.string().regex(paymentLinkTokenPattern, 'This payment link doesn’t work.')
export const paymentLinkParams = z.object({ token: paymentLinkToken })

export const owedPaymentSchema = z.object({
  payment_id: z.number().int(),
  /** The period it pays for (Auckland days), or null for a one-off. */
  period_start_at: z.string().nullable(),
  period_end_at: z.string().nullable(),
  due_on: z.string(),
  /** Cents owed for the period, before any card surcharge (which follows the method chosen). */
  amount: z.number().int(),
  /** Why it failed, in words. */
  reason: z.string(),
  /** The card or account can't be charged again (lost, expired, closed): a new one is needed. */
  needs_new_method: z.boolean(),
})

const methodTotalSchema = z.object({ surcharge: z.number().int(), total: z.number().int() })

export const paymentLinkSchema = z.object({
  state: z.enum(['usable', 'used', 'expired']),
  expires_at: z.string(),
  organisation_name: z.string(),
  gym_name: z.string(),
  membership_name: z.string(),
  member_first_name: z.string(),
  /** Cents owed now, over every owed period. */
  balance_owing: z.number().int(),
  /** The last day of the failed-payment grace period (the membership is cancelled after it), or null. */
  grace_period_ends_at: z.string().nullable(),
  owed: z.array(owedPaymentSchema),
  methods: z.array(paymentTypeSchema),
  /** Whether the gym takes cards (its card account is connected, issue 25); bank accounts only if not. */
  takes_cards: z.boolean(),
  /** The member opened it from their own account (issue 28): the page offers the way back. */
  from_account: z.boolean(),
  /**
   * What paying everything owed charges by each kind of method, surcharge included: the amounts the
   * server charges (`owedPeriodCharge`), so the Pay button says what is taken.
   */
  totals: z.object({ bank_account: methodTotalSchema, stripe_card: methodTotalSchema }),
})
export type PaymentLinkDetail = z.infer<typeof paymentLinkSchema>

export const payByLinkRequestSchema = z.object({
  /** One of the member's saved methods; their current one when left out. */
  payment_method_id: recordId.optional(),
  /** Make that method the one every later payment uses. */
  make_default: z.boolean().default(false),
})

/** A new card from the link's page: kept, and made the one later payments use when the member says so. */
export const saveLinkCardRequestSchema = saveCardRequestSchema.extend({
  make_default: z.boolean().default(false),
})

/** The bank's consent page sent the member back to `/pay-bank` with these. */
export const linkBankReturnSchema = z.object({
  code: z.string().trim().min(1).max(300),
  state: z.string().trim().min(1).max(300),
})

export const chargeOutcomeSchema = z.object({
  status: z.enum(['sent', 'pending', 'failed']),
  payment_id: z.number().int(),
  amount: z.number().int(),
  failure_reason: z.string().nullable(),
})
export type ChargeOutcome = z.infer<typeof chargeOutcomeSchema>

/**
 * A card charge the member's bank wants them to approve (3-D Secure), completed in their browser: with
 * Stripe, Stripe.js `handleNextAction` on the gym's connected account; with the sandbox, its approval
 * dialog. The client secret is for this member's browser only.
 */
export const paymentApprovalSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('sandbox_card'), client_secret: z.string() }),
  z.object({
    provider: z.literal('stripe'),
    client_secret: z.string(),
    publishable_key: z.string(),
    account: z.string(),
  }),
])
export type PaymentApprovalAnswer = z.infer<typeof paymentApprovalSchema>

export const linkChargeOutcomeSchema = chargeOutcomeSchema.extend({
  /** Set while the charge waits for the member's approval: `status` is `pending`. */
  approval: paymentApprovalSchema.nullable(),
})
export type LinkChargeOutcome = z.infer<typeof linkChargeOutcomeSchema>

export const payByLinkAnswerSchema = z.object({
  outcomes: z.array(linkChargeOutcomeSchema),
  balance_owing: z.number().int(),
})

/** After the member's bank approval (or refusal) in their browser: which charge to read back. */
export const confirmLinkPaymentRequestSchema = z.object({ payment_id: recordId })

/** The sandbox bank's answer to an on-session card charge's check (what a real bank's page does). */
export const sandboxCardApprovalRequestSchema = z.object({
  client_secret: z.string().trim().min(1).max(200),
  approved: z.boolean(),
})
export const sandboxCardApprovalSchema = z.object({ status: z.enum(['succeeded', 'failed']) })
export type PayByLinkAnswer = z.infer<typeof payByLinkAnswerSchema>

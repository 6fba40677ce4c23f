import { deskPaymentMethods, paymentStatuses, paymentTypes } from '~/contracts/enums'
import { namedSchema, pageFields, yesNo } from '~/contracts/list-fields'
import {
  MAX_FILTER_AMOUNT,
  paymentFilterStatuses,
  paymentFilterTypes,
  paymentSorts,
} from '~/contracts/payment-filters'
import { paymentStatusKinds } from '~/contracts/subscription-state'
import { calendarDate, queryRecordId, z } from '~/lib/validation'

export * from '~/contracts/payment-filters'

/**
 * The payments list (issue 16): `GET /api/payments` and `POST /api/payments/export` take the same
 * filters, so the file holds exactly the rows the screen lists. Money is integer cents; days are
 * Pacific/Auckland calendar days (`YYYY-MM-DD`), instants ISO 8601.
 */

const recordId = queryRecordId
const cents = z.coerce.number().int().min(0).max(MAX_FILTER_AMOUNT)

const filterShape = {
  /** A member's name or e-mail, or part of it. */
  search: z.string().trim().max(200).optional(),
  status: z.enum(paymentFilterStatuses).optional(),
  type: z.enum(paymentFilterTypes).optional(),
  gym_id: recordId.optional(),
  due_from: calendarDate.optional(),
  due_to: calendarDate.optional(),
  /** Only retries of a failed payment. */
  retries: z.union([z.boolean(), yesNo]).optional(),
  amount_min: cents.optional(),
  amount_max: cents.optional(),
  sort: z.enum(paymentSorts).default('-due_on'),
}

export const dueRangeMessage = 'Choose a day on or after the “due from” day'
export const amountRangeMessage = 'Choose an amount at least the “from” amount'
/** The same two ranges, said when the lower end is the one typed past the upper end. */
export const dueFromRangeMessage = 'Choose a day on or before the “due to” day'
export const amountFromRangeMessage = 'Choose an amount no more than the “to” amount'

type RangeFields = { due_from?: string; due_to?: string; amount_min?: number; amount_max?: number }
const inOrder = <T extends z.ZodType<RangeFields>>(schema: T) =>
  schema
    .refine((f) => !f.due_from || !f.due_to || f.due_from <= f.due_to, {
      path: ['due_to'],
      message: dueRangeMessage,
    })
    .refine((f) => f.amount_min === undefined || f.amount_max === undefined || f.amount_min <= f.amount_max, {
      path: ['amount_max'],
      message: amountRangeMessage,
    })

/** The filters, as a JSON body (the export). */
export const paymentFiltersSchema = inOrder(z.object(filterShape))
export type PaymentFilters = z.input<typeof paymentFiltersSchema>
export type ParsedPaymentFilters = z.output<typeof paymentFiltersSchema>

/** The filters and the page, as a query string (the list). */
export const paymentsQuerySchema = inOrder(
  z.object({
    ...filterShape,
    ...pageFields(),
  }),
)
export type PaymentsQuery = z.input<typeof paymentsQuerySchema>

/**
 * A payment row's money (the payments list, a member's Payments tab), in cents: the surcharge (card fee
 * passed on) is on top, credit used comes off (`chargedCents`).
 */
export const paymentMoneyFields = {
  amount: z.number().int(),
  surcharge: z.number().int(),
  credit_used: z.number().int(),
}

/** The period a payment pays for, whether it retries or pro-rates one, and how a desk payment went. */
export const paymentPeriodFields = {
  period_start_at: z.string().nullable(),
  period_end_at: z.string().nullable(),
  is_retry: z.boolean(),
  is_pro_rata: z.boolean(),
  /** How a desk payment was paid (cash, EFTPOS, bank transfer, other); null for other payments. */
  desk_method: z.enum(deskPaymentMethods).nullable(),
  /** A failed payment settled by a payment at the desk: the day it was settled. */
  settled_at_desk_on: z.string().nullable(),
}

export const paymentRowSchema = z.object({
  id: z.number().int(),
  due_on: z.string(),
  paid_at: z.string().nullable(),
  member: namedSchema,
  gym: namedSchema,
  ...paymentMoneyFields,
  type: z.enum(paymentTypes),
  status: z.enum(paymentStatuses).or(z.string()),
  status_kind: z.enum(paymentStatusKinds),
  /** Why it failed, in words ("Insufficient funds"); null unless failed. */
  failure_reason: z.string().nullable(),
  /** A failure still owed that staff can retry now, send as a payment link or waive. */
  fixable: z.boolean(),
  ...paymentPeriodFields,
})
export type PaymentRow = z.infer<typeof paymentRowSchema>

/**
 * What a payment charges (or, failed, owes), in cents: its amount and card surcharge, less any credit
 * used — as the engine charges it (`charged` in SQL). The payments list, a member's Payments tab and the
 * failed-payment dialogs all show this one figure (issue 25).
 */
export function chargedCents(payment: { amount: number; surcharge: number; credit_used: number }): number {
  return payment.amount + payment.surcharge - payment.credit_used
}

/**
 * The filtered set's totals, in cents (amount and surcharge), whatever the page. Each sum is of one
 * status filter's payments, so choosing that filter lists exactly what it sums (issue 25): `collected`
 * Sent, `upcoming` Upcoming, `pending` Pending (being processed), `failed` Failed — every failed try,
 * retries included, not what is still owed.
 */
export const paymentTotalsSchema = z.object({
  count: z.number().int(),
  collected: z.number().int(),
  upcoming: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
})
export type PaymentTotals = z.infer<typeof paymentTotalsSchema>

export const waiveReasonMessage = 'Say why the payment is waived.'

/** `POST /api/payments/{id}/waive`: why, kept in the audit log. */
export const waivePaymentRequestSchema = z.object({
  reason: z.string().trim().min(1, waiveReasonMessage).max(500, 'Keep the reason under 500 characters.'),
})
export type WaivePaymentRequest = z.input<typeof waivePaymentRequestSchema>

/** What a charge made now did: paid, waiting at the bank, or failed again (with why, in words). */
export const retryAnswerSchema = z.object({
  status: z.enum(['sent', 'pending', 'failed']),
  payment_id: z.number().int(),
  amount: z.number().int(),
  failure_reason: z.string().nullable(),
})
export type RetryAnswer = z.infer<typeof retryAnswerSchema>

export const paymentLinkSentSchema = z.object({ expires_at: z.string() })

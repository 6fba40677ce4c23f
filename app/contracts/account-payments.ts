import { pageFields } from '~/contracts/list-fields'
import { z } from '~/lib/validation'

/**
 * The member's own payments and papers (issue 28, the account's Payments part): every payment of theirs,
 * newest first, a page at a time, each with its state in words; what they owe now; and a pay page of
 * their own for it. Money is integer cents; days are Pacific/Auckland calendar days (`YYYY-MM-DD`).
 */

/** A payment's state as the member reads it (not staff's `pending_request`). */
export const accountPaymentStates = [
  'paid',
  'on_its_way',
  'upcoming',
  /** Failed, and another try is booked. */
  'retrying',
  /** Failed, and still owed with no try booked. */
  'owed',
  /** Failed, then paid by a later try, a payment link or at the desk. */
  'settled',
  'waived',
  'refunded',
  'cancelled',
] as const
export type AccountPaymentState = (typeof accountPaymentStates)[number]

export const accountPaymentSchema = z.object({
  id: z.number().int(),
  due_on: z.string(),
  /** The instant it was paid; null unless paid. */
  paid_at: z.string().nullable(),
  /** What it charges (or charged, or owes): amount and card surcharge, less credit used. */
  amount: z.number().int(),
  state: z.enum(accountPaymentStates),
  /** The state in a sentence: "Paid on 3 Nov 2026 by Visa ending 4242", "Failed (Insufficient funds): we’ll try again on …". */
  state_words: z.string(),
  /** What it is for: "Membership 18 Nov 2026 – 24 Nov 2026", "Joining fee and first week". */
  for_words: z.string(),
  period_start_at: z.string().nullable(),
  period_end_at: z.string().nullable(),
  /** A GST receipt can be downloaded (paid payments only). */
  has_receipt: z.boolean(),
})
export type AccountPayment = z.infer<typeof accountPaymentSchema>

/** `?page=&per_page=`: ten a page unless asked. */
export const accountPaymentsQuerySchema = z.object(pageFields(10))

/** What the member owes now, and until when they may pay it before the membership is cancelled. */
export const accountBalanceSchema = z.object({
  /** Cents owed now, over every owed period: the engine's balance, what the items add up to. */
  balance_owing: z.number().int(),
  /** The grace period's last day while something is owed, else null. */
  grace_period_ends_at: z.string().nullable(),
  owed: z.array(
    z.object({
      payment_id: z.number().int(),
      due_on: z.string(),
      amount: z.number().int(),
      /** Why it failed, in words. */
      reason: z.string(),
    }),
  ),
  /** The signed membership agreement can be downloaded. */
  has_agreement: z.boolean(),
})
export type AccountBalance = z.infer<typeof accountBalanceSchema>

/** `POST /api/me/payment-link`: the pay page's token for what is owed now. */
export const accountPaymentLinkSchema = z.object({ token: z.string() })

export const nothingOwedMessage = 'You don’t owe anything now: your membership is up to date.'
export const noReceiptMessage = 'This payment hasn’t been paid, so it has no receipt.'
export const noAgreementMessage = 'We have no signed membership agreement for you.'

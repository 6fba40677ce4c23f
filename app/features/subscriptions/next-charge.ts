import { formatDate, formatLongDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { z } from '~/lib/validation'

/**
 * A membership's next charge as every API answer gives it (the member's page, the member's own welcome
 * page): worked out by the one rule the billing engine charges by (`nextCharge`, ADR 031). Amounts are
 * null for staff who may not see money.
 */
export const nextChargeSchema = z.object({
  /** The day it is taken (Auckland). */
  on: z.string(),
  /** Cents before the card surcharge. */
  amount: z.number().int().nullable(),
  surcharge: z.number().int().nullable(),
  /** What is taken: amount plus surcharge. */
  total: z.number().int().nullable(),
  kind: z.enum(['first_payment', 'renewal', 'retry']),
  /** Charged at a scheduled price change's new price. */
  new_price: z.boolean(),
})
export type NextChargeAnswer = z.infer<typeof nextChargeSchema>

/** "$53.30 ($52.00 + $1.30 card surcharge)", or "$25.98"; null without amounts. */
export function nextChargeAmountWords(charge: NextChargeAnswer): string | null {
  if (charge.total === null) return null
  if (!charge.surcharge || charge.amount === null) return formatCents(charge.total)
  return `${formatCents(charge.total)} (${formatCents(charge.amount)} + ${formatCents(charge.surcharge)} card surcharge)`
}

/** The member's page: "28 Dec 2026, $53.30 ($52.00 + $1.30 card surcharge), new price"; "None". */
export function nextChargeWords(charge: NextChargeAnswer | null): string {
  if (!charge) return 'None'
  const amount = nextChargeAmountWords(charge)
  const note = charge.kind === 'retry' ? ', retry of a failed payment' : charge.new_price ? ', new price' : ''
  return `${formatDate(charge.on)}${amount ? `, ${amount}` : ''}${note}`
}

/**
 * The member's own words (welcome page and e-mails): "Your next payment is $53.30 ($52.00 + $1.30 card
 * surcharge) on Monday 28 December 2026."
 */
export function nextPaymentSentence(charge: NextChargeAnswer): string {
  const amount = nextChargeAmountWords(charge)
  return `Your next payment is ${amount ? `${amount} ` : ''}on ${formatLongDate(charge.on)}.`
}

import { formatDate, formatLongDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'

/**
 * A next charge in words (ADR 031), apart from its schema so the join site's pages show it without
 * loading the validation library. The shape is the API's `next_charge` (`nextChargeSchema`).
 */
export interface NextChargeAnswer {
  on: string
  amount: number | null
  surcharge: number | null
  total: number | null
  kind: 'first_payment' | 'renewal' | 'retry'
  new_price: boolean
}

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

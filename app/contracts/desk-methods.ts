import type { DeskPaymentMethod } from '~/contracts/enums'

/** How a desk payment was paid, as the dialog, the lists, the CSV and the receipt name it (issue 25). */
export const deskMethodLabels: Record<DeskPaymentMethod, string> = {
  cash: 'Cash',
  eftpos: 'EFTPOS',
  bank_transfer: 'Bank transfer',
  other: 'Other',
}

/** How a payment was paid, in the lists and the CSV: "Card", "At the desk (EFTPOS)". */
export function paidByWords(
  payment: { type: string; desk_method: DeskPaymentMethod | null },
  typeWords: Record<string, string>,
): string {
  const words = typeWords[payment.type] ?? payment.type
  return payment.type === 'manual' && payment.desk_method
    ? `${words} (${deskMethodLabels[payment.desk_method]})`
    : words
}

/**
 * The status badge's words: a payment taken at the desk is "Paid at the desk", never "Paid" with a
 * "Retry" badge beside it, although it is recorded as the period's retry.
 */
export function isPaidAtTheDesk(payment: { type: string; status_kind: string }): boolean {
  return payment.type === 'manual' && payment.status_kind === 'success'
}

/** The meta a failed payment keeps once a desk payment settles its period. */
export interface SettledAtDesk {
  on: string
  payment_id: number
}

/** The day a desk payment settled this (failed) payment, from its meta; null when none did. */
export function settledAtDeskOn(meta: Record<string, unknown>): string | null {
  const settled = meta.settled_at_desk
  return settled && typeof settled === 'object' && 'on' in settled && typeof settled.on === 'string'
    ? settled.on
    : null
}

import type { DeskPaymentMethod } from '~/db/schema/enums'

/** How a desk payment was paid, as the dialog, the lists, the CSV and the receipt name it (issue 25). */
export const deskMethodLabels: Record<DeskPaymentMethod, string> = {
  cash: 'Cash',
  eftpos: 'EFTPOS',
  bank_transfer: 'Bank transfer',
  other: 'Other',
}

/** A payment taken at the desk, as the lists say it: "Paid at the desk (EFTPOS)". */
export function paidAtTheDesk(method: DeskPaymentMethod | null | undefined): string {
  return method ? `Paid at the desk (${deskMethodLabels[method]})` : 'Paid at the desk'
}

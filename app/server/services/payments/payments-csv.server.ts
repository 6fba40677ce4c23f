import { stringify } from 'csv-stringify/sync'
import { paidByWords } from '~/contracts/desk-methods'
import {
  chargedCents,
  type PaymentRow,
  paymentFilterStatusLabels,
  paymentTypeWords,
} from '~/contracts/payments'
import { formatDate } from '~/lib/dates'
import { gstContent } from '~/lib/gst'

/**
 * The payments list as CSV rows (csv-stringify: quoting, and `escape_formulas` so a cell starting with
 * `=`, `+`, `-`, `@`, tab or carriage return cannot run in a spreadsheet). Money in dollars as numbers
 * (`25.00`), days in en-NZ with the ISO value in the next column. GST is the GST held in what the row
 * took (or is taking, a bank payment on its way): `chargedCents`, amount and surcharge less credit, all
 * GST-inclusive, 3/23 of it in cents (`gstContent`) — the figure the receipts give. It is blank for an
 * organisation without a GST number (its receipts state none) and for what was not paid (upcoming,
 * failed, waived).
 */
const columns = [
  'Due',
  'Due (ISO)',
  'Paid',
  'Paid (ISO)',
  'Member',
  'Gym',
  'Amount',
  'Surcharge',
  'GST',
  'Type',
  'Status',
  'Reason',
  'Period from (ISO)',
  'Period to (ISO)',
  'Retry',
  'Pro rata',
]

const dollars = (cents: number) => (cents / 100).toFixed(2)
const statusWords = {
  success: paymentFilterStatusLabels.sent,
  upcoming: paymentFilterStatusLabels.upcoming,
  pending: paymentFilterStatusLabels.pending,
  failed: paymentFilterStatusLabels.failed,
  waived: paymentFilterStatusLabels.waived,
} as const

export const paymentsCsvHeader = (): string => stringify([columns], { escape_formulas: true })

export function paymentsCsvRows(rows: PaymentRow[], options: { gstRegistered: boolean }): string {
  const gst = (row: PaymentRow) =>
    options.gstRegistered && (row.status_kind === 'success' || row.status_kind === 'pending')
      ? dollars(gstContent(chargedCents(row)))
      : ''
  return stringify(
    rows.map((row) => [
      formatDate(row.due_on),
      row.due_on,
      row.paid_at ? formatDate(row.paid_at) : '',
      row.paid_at ?? '',
      row.member.name,
      row.gym.name,
      dollars(row.amount),
      dollars(row.surcharge),
      gst(row),
      paidByWords(row, paymentTypeWords),
      statusWords[row.status_kind],
      [
        row.failure_reason,
        row.settled_at_desk_on ? `Settled at the desk on ${formatDate(row.settled_at_desk_on)}` : null,
      ]
        .filter(Boolean)
        .join('; '),
      row.period_start_at ?? '',
      row.period_end_at ?? '',
      row.is_retry ? 'Yes' : 'No',
      row.is_pro_rata ? 'Yes' : 'No',
    ]),
    { escape_formulas: true },
  )
}

import { stringify } from 'csv-stringify/sync'
import type { MemberRow } from '~/features/members/contract'
import { memberStateWords } from '~/features/members/member-states'
import { formatDate } from '~/lib/dates'
import { frequencyWords } from '~/lib/frequency-words'

/**
 * The members list as CSV rows (csv-stringify: quoting, and `escape_formulas` so a cell starting with
 * `=`, `+`, `-`, `@`, tab or carriage return cannot run in a spreadsheet). Money in dollars as numbers
 * (`25.00`), days in en-NZ with the ISO value in the next column.
 */
const columns = [
  'Name',
  'Email',
  'Mobile',
  'Gym',
  'Offering',
  'Price',
  'Billing frequency',
  'State',
  'Card colour',
  'Balance owing',
  'Last visit',
  'Last visit (ISO)',
  'Joined',
  'Joined (ISO)',
  'Tags',
]

const dollars = (cents: number | null | undefined) => (cents == null ? '' : (cents / 100).toFixed(2))

export function membersCsvHeader(options: { seesMoney: boolean }): string {
  return stringify([columnsFor(options)], { escape_formulas: true })
}

function columnsFor(options: { seesMoney: boolean }) {
  return options.seesMoney ? columns : columns.filter((name) => name !== 'Price' && name !== 'Balance owing')
}

export function membersCsvRows(rows: MemberRow[], options: { seesMoney: boolean }): string {
  return stringify(
    rows.map((row) => {
      const cells: Record<string, string> = {
        Name: row.name,
        Email: row.email,
        Mobile: row.mobile_number ?? '',
        Gym: row.gym?.name ?? '',
        Offering: row.offering?.name ?? '',
        Price: dollars(row.price?.amount),
        'Billing frequency': row.price ? frequencyWords[row.price.billing_frequency] : '',
        State: memberStateWords[row.state].label,
        'Card colour': row.card_colour ?? '',
        'Balance owing': dollars(row.balance_owing),
        'Last visit': row.last_visit_at ? formatDate(row.last_visit_at) : '',
        'Last visit (ISO)': row.last_visit_at ?? '',
        Joined: formatDate(row.joined_at),
        'Joined (ISO)': row.joined_at,
        Tags: row.tags.join(', '),
      }
      return columnsFor(options).map((name) => cells[name] ?? '')
    }),
    { escape_formulas: true },
  )
}

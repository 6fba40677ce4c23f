import { stringify } from 'csv-stringify/sync'
import { frequencyWords } from '~/contracts/frequency-words'
import { memberStateWords } from '~/contracts/member-states'
import type { MemberRow } from '~/contracts/members'
import { formatDate } from '~/lib/dates'

/** The personal details' columns, left out for a caller who may not see them. */
const personalDetailColumns = [
  'Date of birth',
  'Date of birth (ISO)',
  'Address',
  'Suburb',
  'City',
  'Post code',
] as const

/**
 * The members list as CSV rows (csv-stringify: quoting, and `escape_formulas` so a cell starting with
 * `=`, `+`, `-`, `@`, tab or carriage return cannot run in a spreadsheet). Money in dollars as numbers
 * (`25.00`), days in en-NZ with the ISO value in the next column.
 */
const columns = [
  'Name',
  'Email',
  'Mobile',
  ...personalDetailColumns,
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

/** A member's date of birth and address, as the member's page shows them. */
export interface MemberPersonalDetails {
  dob: string | null
  address: string | null
  suburb: string | null
  city: string | null
  postCode: string | null
}

/** What the caller may see: money (admins, ADR 014) and personal details (`seesPersonalDetails`). */
export interface MembersCsvOptions {
  seesMoney: boolean
  seesPersonalDetails: boolean
}

const moneyColumns = new Set(['Price', 'Balance owing'])
const personalColumns = new Set<string>(personalDetailColumns)

const dollars = (cents: number | null | undefined) => (cents == null ? '' : (cents / 100).toFixed(2))

export function membersCsvHeader(options: MembersCsvOptions): string {
  return stringify([columnsFor(options)], { escape_formulas: true })
}

function columnsFor(options: MembersCsvOptions) {
  return columns.filter(
    (name) =>
      (options.seesMoney || !moneyColumns.has(name)) &&
      (options.seesPersonalDetails || !personalColumns.has(name)),
  )
}

export function membersCsvRows(
  rows: Array<{ row: MemberRow; personal: MemberPersonalDetails | null }>,
  options: MembersCsvOptions,
): string {
  return stringify(
    rows.map(({ row, personal }) => {
      const cells: Record<string, string> = {
        Name: row.name,
        Email: row.email,
        Mobile: row.mobile_number ?? '',
        'Date of birth': personal?.dob ? formatDate(personal.dob) : '',
        'Date of birth (ISO)': personal?.dob ?? '',
        Address: personal?.address ?? '',
        Suburb: personal?.suburb ?? '',
        City: personal?.city ?? '',
        'Post code': personal?.postCode ?? '',
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

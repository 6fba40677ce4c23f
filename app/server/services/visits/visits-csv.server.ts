import { stringify } from 'csv-stringify/sync'
import type { VisitRow } from '~/contracts/visits'
import { formatDate } from '~/lib/dates'
import { formatTime } from '~/lib/instants'

/**
 * The visits list as CSV rows (csv-stringify: quoting, and `escape_formulas` so a cell starting with
 * `=`, `+`, `-`, `@`, tab or carriage return cannot run in a spreadsheet). Day and time in en-NZ
 * (Auckland) with the ISO instant beside them.
 */
const columns = ['Date', 'Time', 'Visited at (ISO)', 'Member', 'Gym', 'Door', 'Result', 'Reason']

export const visitsCsvHeader = (): string => stringify([columns], { escape_formulas: true })

export function visitsCsvRows(rows: VisitRow[]): string {
  return stringify(
    rows.map((row) => [
      formatDate(row.visited_at),
      formatTime(row.visited_at),
      row.visited_at,
      row.member.name,
      row.gym.name,
      row.door?.name ?? '',
      row.successful ? 'Entered' : 'Refused',
      row.refused_reason ?? '',
    ]),
    { escape_formulas: true },
  )
}

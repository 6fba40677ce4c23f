import { formatCents } from '~/lib/money'
import { emptyMonth, type SimulationMonth } from './types'

const columns = [
  ['Month', (month: SimulationMonth) => month.label],
  ['Charged', (month: SimulationMonth) => String(month.charged)],
  ['Failed', (month: SimulationMonth) => String(month.failed)],
  ['Recovered', (month: SimulationMonth) => String(month.recovered)],
  ['Paused', (month: SimulationMonth) => String(month.paused)],
  ['Cancelled', (month: SimulationMonth) => String(month.cancelled)],
  ['Revenue', (month: SimulationMonth) => formatCents(month.revenue)],
] as const

/** The month-by-month table as aligned text: month names left, numbers right, and a total row. */
export function formatMonthTable(months: readonly SimulationMonth[]): string {
  const total = emptyMonth('total', 'Total')
  for (const month of months) {
    for (const key of ['charged', 'failed', 'recovered', 'paused', 'cancelled', 'revenue'] as const) {
      total[key] += month[key]
    }
  }
  const rows = [...months, total].map((month) => columns.map(([, value]) => value(month)))
  const header = columns.map(([title]) => title)
  const widths = header.map((title, index) =>
    Math.max(title.length, ...rows.map((row) => row[index]?.length ?? 0)),
  )
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, index) =>
        index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0),
      )
      .join('  ')
  const rule = widths.map((width) => '-'.repeat(width)).join('  ')
  return [line(header), rule, ...rows.slice(0, -1).map(line), rule, line(rows.at(-1) ?? [])].join('\n')
}

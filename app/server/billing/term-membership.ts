import { parseDate } from '@internationalized/date'
import type { TermUnit } from '~/contracts/enums'
import type { CalendarDateString } from './calendar'

/**
 * Days after the start of a term membership during which the member may cancel without being held to
 * the term. New Zealand law sets no general cooling-off period for gym memberships (PROVIDERS §5); seven
 * days is the common industry practice. One constant, so the billing engine and the UI agree on it.
 */
export const TERM_COOLING_OFF_DAYS = 7

/** Exclusive: the member is committed up to, not including, this day. */
export function termEndDate(options: {
  startDate: CalendarDateString
  termAmount: number
  termUnit: TermUnit
}): CalendarDateString {
  const { startDate, termAmount, termUnit } = options
  const start = parseDate(startDate)
  // Weeks and years through days and months, so month-end clamping matches the billing periods.
  if (termUnit === 'week') return start.add({ days: termAmount * 7 }).toString()
  if (termUnit === 'month') return start.add({ months: termAmount }).toString()
  return start.add({ months: termAmount * 12 }).toString()
}

/** Exclusive, like period ends: the cooling-off period covers the days before this one. */
export function coolingOffEndDate(startDate: CalendarDateString): CalendarDateString {
  return parseDate(startDate).add({ days: TERM_COOLING_OFF_DAYS }).toString()
}

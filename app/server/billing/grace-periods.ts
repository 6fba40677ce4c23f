import type { GraceUnit } from '~/contracts/enums'
import { addDays, addMonths, type CalendarDateString } from './calendar'

/**
 * The day a grace period of `amount` `unit`s that starts on `from` ends: the failed-payment grace period
 * (from the first failure of the oldest owed period) and the term-membership one (from the term's end)
 * are counted the same way.
 */
export function gracePeriodEnd(options: {
  from: CalendarDateString
  amount: number
  unit: GraceUnit
}): CalendarDateString {
  const { from, amount, unit } = options
  if (unit === 'day') return addDays(from, amount)
  if (unit === 'week') return addDays(from, amount * 7)
  return addMonths(from, amount)
}

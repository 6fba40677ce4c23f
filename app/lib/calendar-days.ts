import { parseDate } from '@internationalized/date'

/**
 * Calendar-day arithmetic for screens (`YYYY-MM-DD`, no time zone): the days a pause covers, a default
 * end day. The billing engine's own calendar (`app/server/billing/calendar.ts`) stays on the server.
 */

/** The day, if `text` is a real `YYYY-MM-DD` day (`2026-02-30` is not). */
function readDay(text: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null
  try {
    const day = parseDate(text)
    return day.toString() === text ? day : null
  } catch {
    return null
  }
}

export function isRealDay(text: string): boolean {
  return readDay(text) !== null
}

/** `day` moved by `days` (negative: earlier). */
export function addCalendarDays(day: string, days: number): string {
  const read = readDay(day)
  if (!read) throw new RangeError(`Not a calendar day: ${day}`)
  return read.add({ days }).toString()
}

/** How many days from `first` to `last`, both included; null when either is not a real day. */
export function daysFromTo(first: string, last: string): number | null {
  const start = readDay(first)
  const end = readDay(last)
  if (!start || !end) return null
  return end.compare(start) + 1
}

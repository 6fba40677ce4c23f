import { parseDate } from '@internationalized/date'
import { DISPLAY_TIME_ZONE, INVALID_DATE_TEXT, readInstant } from './dates'
import { memoize, WHOLE_HOUR_OFFSETS_FROM } from './memoize'

/**
 * The instant a day or an ISO 8601 instant names, for comparing and for a time of day. A plain day's
 * first moment in Auckland takes the zone's rules (the day daylight saving starts or ends), which are
 * @internationalized/date's job: this module is for the console's screens and the server, and the
 * join site's pages don't import it (issue 27: `./dates.ts` shows dates with the platform's Intl).
 */

const calendarDayPattern = /^\d{4}-\d{2}-\d{2}$/

/** Milliseconds since the epoch of an instant, or of a day's first moment in Auckland; null if invalid. */
export function toEpochMilliseconds(value: string): number | null {
  // A list's rows repeat their days (remembered), and their instants are read without the zone's rules
  // (`readInstant` reads what `parseAbsolute` reads; the offset is in the text).
  return calendarDayPattern.test(value) ? dayStartMilliseconds(value) : readInstant(value)
}

const dayStartMilliseconds = memoize((value: string) => {
  try {
    const day = parseDate(value)
    if (day.toString() !== value) return null
    return day.toDate(DISPLAY_TIME_ZONE).getTime()
  } catch {
    return null
  }
})

const timeOfDayFormat = new Intl.DateTimeFormat('en-NZ', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: DISPLAY_TIME_ZONE,
})

/** An instant's time of day in Auckland: `2026-11-26T05:05:00Z` → `6:05 pm`. */
export function formatTime(value: string): string {
  const milliseconds = toEpochMilliseconds(value)
  if (milliseconds === null) return INVALID_DATE_TEXT
  // The time shows minutes only, so one formatting serves a whole minute (at a whole-hours offset).
  return milliseconds >= WHOLE_HOUR_OFFSETS_FROM
    ? timeOfMinute(Math.floor(milliseconds / 60_000))
    : timeOfDayFormat.format(new Date(milliseconds))
}

const timeOfMinute = memoize((minute: number) => timeOfDayFormat.format(new Date(minute * 60_000)))

import { parseAbsolute, parseDate, toCalendarDate } from '@internationalized/date'

/**
 * Display of dates, the same on server and browser: Pacific/Auckland, locale en-NZ, `3 Mar 2026`.
 * Accepts the API's two shapes: a calendar day (`YYYY-MM-DD`, billing dates) or an ISO 8601 instant
 * with an offset (`cancelled_at`, …). Anything else reads as `Invalid DateTime` (SPEC §8).
 */
export const DISPLAY_TIME_ZONE = 'Pacific/Auckland'
export const INVALID_DATE_TEXT = 'Invalid DateTime'

const calendarDayPattern = /^\d{4}-\d{2}-\d{2}$/

// Formatting a midnight in UTC shows exactly the calendar day we already hold, whatever zone the
// process runs in.
const dayFormat = new Intl.DateTimeFormat('en-NZ', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/**
 * The Auckland calendar day (`YYYY-MM-DD`) of a day or an instant, or null when the value is not one.
 * An instant without an offset is refused rather than guessed.
 */
export function toAucklandDay(value: string): string | null {
  if (calendarDayPattern.test(value)) {
    try {
      const day = parseDate(value)
      return day.toString() === value ? value : null
    } catch {
      return null
    }
  }
  try {
    return toCalendarDate(parseAbsolute(value, DISPLAY_TIME_ZONE)).toString()
  } catch {
    return null
  }
}

/** Milliseconds since the epoch of an instant, or of a day's first moment in Auckland; null if invalid. */
export function toEpochMilliseconds(value: string): number | null {
  try {
    if (calendarDayPattern.test(value)) {
      const day = parseDate(value)
      if (day.toString() !== value) return null
      return day.toDate(DISPLAY_TIME_ZONE).getTime()
    }
    return parseAbsolute(value, DISPLAY_TIME_ZONE).toDate().getTime()
  } catch {
    return null
  }
}

/** `2026-03-03` → `3 Mar 2026`; an instant shows its Auckland day; anything else `Invalid DateTime`. */
export function formatDate(value: string | null | undefined): string {
  const day = value ? toAucklandDay(value) : null
  if (!day) return INVALID_DATE_TEXT
  const { year, month, day: dayOfMonth } = parseDate(day)
  return dayFormat.format(new Date(Date.UTC(year, month - 1, dayOfMonth)))
}

const longDayFormat = new Intl.DateTimeFormat('en-NZ', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/** `2026-12-07` → `Mon 7 Dec 2026`: a billing date as a sentence says it ("$25.00 weekly from …"). */
export function formatLongDate(value: string | null | undefined): string {
  const day = value ? toAucklandDay(value) : null
  if (!day) return INVALID_DATE_TEXT
  const { year, month, day: dayOfMonth } = parseDate(day)
  return longDayFormat.format(new Date(Date.UTC(year, month - 1, dayOfMonth))).replace(',', '')
}

const dayAndMonthFormat = new Intl.DateTimeFormat('en-NZ', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
})

/** `2026-02-16` → `16 Feb`: a day on a chart's axis, where the year goes without saying. */
export function formatDayAndMonth(day: string): string {
  const [year, month, date] = day.split('-').map(Number)
  if (!year || !month || !date) return day
  return dayAndMonthFormat.format(new Date(Date.UTC(year, month - 1, date)))
}

export { todayInAuckland } from './today'

const timeOfDayFormat = new Intl.DateTimeFormat('en-NZ', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: DISPLAY_TIME_ZONE,
})

/** An instant's time of day in Auckland: `2026-11-26T05:05:00Z` → `6:05 pm`. */
export function formatTime(value: string): string {
  const milliseconds = toEpochMilliseconds(value)
  return milliseconds === null ? INVALID_DATE_TEXT : timeOfDayFormat.format(new Date(milliseconds))
}

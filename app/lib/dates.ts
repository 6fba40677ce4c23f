/**
 * Display of dates, the same on server and browser: Pacific/Auckland, locale en-NZ, `3 Mar 2026`.
 * Accepts the API's two shapes: a calendar day (`YYYY-MM-DD`, billing dates) or an ISO 8601 instant
 * with an offset (`cancelled_at`, …). Anything else reads as `Invalid DateTime` (SPEC §8).
 *
 * Read and shown with the platform's `Intl` and `Date` only, so the join site's pages that show a date
 * (the payment link, confirming and welcoming a member) load no calendar library (issue 27). What
 * takes the zone's rules the other way round — the instant a plain day starts in Auckland — is in
 * `./instants.ts`, on @internationalized/date, for the console and the server.
 */
import { HOUR, memoize, WHOLE_HOUR_OFFSETS_FROM } from './memoize'

export const DISPLAY_TIME_ZONE = 'Pacific/Auckland'
export const INVALID_DATE_TEXT = 'Invalid DateTime'

const calendarDayPattern = /^\d{4}-\d{2}-\d{2}$/

/**
 * The instants @internationalized/date's `parseAbsolute` reads, which this module answered with before
 * (and `./instants.ts` still does): a year of four digits or a sign and six, the time's parts each
 * optional, a fraction of a second, then `Z` or an offset in hours with or without minutes.
 */
const instantPattern = new RegExp(
  [
    String.raw`^(?<year>[+-]\d{6}|\d{4})-(?<month>\d{2})-(?<day>\d{2})`,
    String.raw`(?:T(?<hour>\d{2}))?(?::(?<minute>\d{2}))?(?::(?<second>\d{2}))?(?<fraction>\.\d+)?`,
    String.raw`(?:(?<offsetHours>[+-]\d{2})(?::?(?<offsetMinutes>\d{2}))?|Z)$`,
  ].join(''),
)

/** A day's `Date` at midnight UTC, built field by field: `Date.UTC` would read the year 50 as 1950. */
function utcDate(year: number, month: number, day: number): Date {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return date
}

/** How many days a month has: the day before the next month's first. */
function daysInMonth(year: number, month: number): number {
  return utcDate(year, month + 1, 0).getUTCDate()
}

/** `text` if it is a real `YYYY-MM-DD` day from 0001-01-01 to 9999-12-31 (`2026-02-30` is not). */
function readCalendarDay(text: string): string | null {
  if (!calendarDayPattern.test(text)) return null
  const [year = 0, month = 0, day = 0] = text.split('-').map(Number)
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return text
}

/** `value` in `min`…`max`, else NaN (which fails every comparison below). */
function within(value: number, min: number, max: number): number {
  return value >= min && value <= max ? value : Number.NaN
}

/**
 * Milliseconds since the epoch of an instant with an offset, read as `parseAbsolute` reads it: day 0 is
 * the last of the month before, and an offset's minutes are added whatever its sign (`-05:30` is
 * 4½ hours behind UTC). Null when a part is out of range.
 */
export function readInstant(value: string): number | null {
  const match = instantPattern.exec(value)
  if (!match) return null
  const parts = match.groups ?? {}
  const year = within(Number(parts.year), -9999, 9999)
  const month = within(Number(parts.month), 1, 12)
  const day = within(Number(parts.day), 0, 31)
  const hour = within(Number(parts.hour ?? 0), 0, 23)
  const minute = within(Number(parts.minute ?? 0), 0, 59)
  const second = within(Number(parts.second ?? 0), 0, 59)
  const offset =
    parts.offsetHours === undefined
      ? 0
      : within(Number(parts.offsetHours), -23, 23) * 3_600_000 +
        within(Number(parts.offsetMinutes ?? 0), 0, 59) * 60_000
  if ([year, month, day, hour, minute, second, offset].some(Number.isNaN)) return null
  if (day > daysInMonth(year, month)) return null
  // The time first, then the date, as the library does: a fraction that rounds up to a whole second
  // (twenty nines) carries into a day the date then replaces.
  const moment = new Date(0)
  moment.setUTCHours(hour, minute, second, parts.fraction ? Number(parts.fraction) * 1000 : 0)
  moment.setUTCFullYear(year, month - 1, day)
  return moment.getTime() - offset
}

const aucklandDayParts = new Intl.DateTimeFormat('en-NZ', {
  calendar: 'gregory',
  numberingSystem: 'latn',
  era: 'short',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  timeZone: DISPLAY_TIME_ZONE,
})

function partsOf(date: Date): Record<string, string> {
  return Object.fromEntries(aucklandDayParts.formatToParts(date).map((part) => [part.type, part.value]))
}

// The era's name as this platform writes it (`AD`; some browsers abbreviate it further).
const commonEra = partsOf(new Date(0)).era

/** The Auckland day (`YYYY-MM-DD`) of an instant; null outside the years 1 to 9999. */
function aucklandDayAt(milliseconds: number): string | null {
  // One reading per UTC hour when the offset is whole hours: the day is the same all hour.
  if (milliseconds >= WHOLE_HOUR_OFFSETS_FROM) return aucklandDayOfHour(Math.floor(milliseconds / HOUR))
  return readAucklandDayAt(milliseconds)
}

const aucklandDayOfHour = memoize((hour: number) => readAucklandDayAt(hour * HOUR))

function readAucklandDayAt(milliseconds: number): string | null {
  const { era, year = '', month = '', day = '' } = partsOf(new Date(milliseconds))
  if (era !== commonEra || year.length > 4) return null
  return `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
}

/**
 * The Auckland calendar day (`YYYY-MM-DD`) of a day or an instant, or null when the value is not one.
 * An instant without an offset is refused rather than guessed.
 */
export const toAucklandDay: (value: string) => string | null = memoize((value: string) => {
  if (calendarDayPattern.test(value)) return readCalendarDay(value)
  const milliseconds = readInstant(value)
  return milliseconds === null ? null : aucklandDayAt(milliseconds)
})

/** The `Date` at midnight UTC of the Auckland day of `value`, which formats as that day in UTC. */
function displayedDay(value: string | null | undefined): Date | null {
  const day = value ? toAucklandDay(value) : null
  if (!day) return null
  const [year = 0, month = 0, dayOfMonth = 0] = day.split('-').map(Number)
  // `Date.UTC` as before issue 27, so the same answers (it shows the years 1 to 99 as 1901 to 1999).
  return new Date(Date.UTC(year, month - 1, dayOfMonth))
}

// Formatting a midnight in UTC shows exactly the calendar day we already hold, whatever zone the
// process runs in.
const dayFormat = new Intl.DateTimeFormat('en-NZ', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/** `2026-03-03` → `3 Mar 2026`; an instant shows its Auckland day; anything else `Invalid DateTime`. */
export function formatDate(value: string | null | undefined): string {
  const day = value ? toAucklandDay(value) : null
  return day ? formattedDay(day) : INVALID_DATE_TEXT
}

const formattedDay = memoize((day: string) => {
  const date = displayedDay(day)
  return date ? dayFormat.format(date) : INVALID_DATE_TEXT
})

const longDayFormat = new Intl.DateTimeFormat('en-NZ', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/** `2026-12-07` → `Mon 7 Dec 2026`: a billing date as a sentence says it ("$25.00 weekly from …"). */
export function formatLongDate(value: string | null | undefined): string {
  const day = displayedDay(value)
  return day ? longDayFormat.format(day).replace(',', '') : INVALID_DATE_TEXT
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

import {
  type CalendarDate,
  fromDate,
  parseDate,
  parseTime,
  toCalendarDate,
  toCalendarDateTime,
  toZoned,
} from '@internationalized/date'
import { HOUR, memoize, WHOLE_HOUR_OFFSETS_FROM } from '~/lib/memoize'

/** Every billing date is a calendar date in this zone (SPEC §9), whatever zone the server runs in. */
export const BILLING_TIME_ZONE = 'Pacific/Auckland'

/** `YYYY-MM-DD`, a day in Pacific/Auckland: how billing dates are stored (`date` columns) and passed around. */
export type CalendarDateString = string

const calendarDatePattern = /^\d{4}-\d{2}-\d{2}$/

/** True for a real `YYYY-MM-DD` day (so `2026-02-30` is false). */
export function isCalendarDate(value: string): boolean {
  if (!calendarDatePattern.test(value)) return false
  try {
    return parseDate(value).toString() === value
  } catch {
    return false
  }
}

export function toCalendarDateValue(value: CalendarDateString): CalendarDate {
  return parseDate(value)
}

/** The Auckland calendar day an instant falls on. */
export function calendarDateAt(instant: Date): CalendarDateString {
  const milliseconds = instant.getTime()
  // The same all hour when the offset is whole hours: a list's rows ask it of the same few instants.
  if (milliseconds >= WHOLE_HOUR_OFFSETS_FROM) return calendarDateOfHour(Math.floor(milliseconds / HOUR))
  return readCalendarDateAt(milliseconds)
}

const readCalendarDateAt = (milliseconds: number): CalendarDateString =>
  toCalendarDate(fromDate(new Date(milliseconds), BILLING_TIME_ZONE)).toString()

const calendarDateOfHour = memoize((hour: number) => readCalendarDateAt(hour * HOUR))

export function addDays(date: CalendarDateString, days: number): CalendarDateString {
  return parseDate(date).add({ days }).toString()
}

/** Adds months, clamping to the last day of a shorter month (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: CalendarDateString, months: number): CalendarDateString {
  return parseDate(date).add({ months }).toString()
}

/** The later of two days (`YYYY-MM-DD` strings compare in date order). */
export function laterDate(a: CalendarDateString, b: CalendarDateString): CalendarDateString {
  return a > b ? a : b
}

/** The earlier of two days. */
export function earlierDate(a: CalendarDateString, b: CalendarDateString): CalendarDateString {
  return a < b ? a : b
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDateString, to: CalendarDateString): number {
  return parseDate(to).compare(parseDate(from))
}

/** ISO day of the week: 1 Monday … 7 Sunday, as offering hours number them (SPEC §3). */
export function isoDayOfWeek(date: CalendarDateString): number {
  // UTC, because the calendar day is already fixed; the server's own zone must not shift it.
  const day = parseDate(date).toDate('UTC').getUTCDay()
  return day === 0 ? 7 : day
}

/** The Monday of the week `date` is in: weeks run Monday to Sunday (the dashboard, the reports). */
export function mondayOf(date: CalendarDateString): CalendarDateString {
  return addDays(date, 1 - isoDayOfWeek(date))
}

function zonedInstant(date: CalendarDateString, time: string): Date {
  return toZoned(toCalendarDateTime(parseDate(date), parseTime(time)), BILLING_TIME_ZONE, 'later').toDate()
}

// UTC offset (ms) of each Auckland day without a daylight-saving change, or null for a day with one.
// Time-zone lookups go through Intl and are slow; the demo seed converts tens of thousands of visit
// times, almost all on days whose offset is the same from midnight to midnight.
const steadyOffsets = new Map<CalendarDateString, number | null>()

function steadyOffset(date: CalendarDateString): number | null {
  const cached = steadyOffsets.get(date)
  if (cached !== undefined) return cached
  const start = toZoned(parseDate(date), BILLING_TIME_ZONE, 'later').offset
  const end = toZoned(parseDate(date).add({ days: 1 }), BILLING_TIME_ZONE, 'later').offset
  const offset = start === end ? start : null
  if (steadyOffsets.size >= 20_000) steadyOffsets.clear()
  steadyOffsets.set(date, offset)
  return offset
}

const simpleTimePattern = /^(\d{2}):(\d{2})$/

/**
 * The instant of a wall-clock time (`HH:mm`) on an Auckland day. Across a daylight-saving change the
 * offset differs (+12:00 or +13:00); a time that does not exist that night moves later.
 */
export function instantAt(date: CalendarDateString, time = '00:00'): Date {
  const match = simpleTimePattern.exec(time)
  const hours = Number(match?.[1])
  const minutes = Number(match?.[2])
  const offset = match && hours < 24 && minutes < 60 ? steadyOffset(date) : null
  // Anything unusual (seconds, an invalid time, a day with a daylight-saving change) takes the slow path.
  if (offset === null) return zonedInstant(date, time)
  const day = parseDate(date)
  return new Date(Date.UTC(day.year, day.month - 1, day.day, hours, minutes) - offset)
}

import { fromDate, parseAbsolute, parseDate, toCalendarDate } from '@internationalized/date'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatDate, formatDayAndMonth, formatLongDate, toAucklandDay, todayInAuckland } from '~/lib/dates'
import { formatTime, toEpochMilliseconds } from '~/lib/instants'

/**
 * `app/lib/dates.ts` reads and shows dates with the platform's Intl since issue 27 (the join pages load
 * no calendar library). These hold it to what it answered on @internationalized/date, which stays a
 * dependency of the app (React Aria's date fields): the functions below are that implementation, kept
 * here as the oracle only.
 */
const zone = 'Pacific/Auckland'

function aucklandDayBefore(value: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    try {
      const day = parseDate(value)
      return day.toString() === value ? value : null
    } catch {
      return null
    }
  }
  try {
    return toCalendarDate(parseAbsolute(value, zone)).toString()
  } catch {
    return null
  }
}

function shownBefore(format: Intl.DateTimeFormat, value: string): string {
  const day = aucklandDayBefore(value)
  if (!day) return 'Invalid DateTime'
  try {
    const { year, month, day: dayOfMonth } = parseDate(day)
    return format.format(new Date(Date.UTC(year, month - 1, dayOfMonth)))
  } catch {
    // A day before the year 1 (`-000001-06-15`) made `formatDate` throw.
    return 'threw'
  }
}

const dayFormat = new Intl.DateTimeFormat('en-NZ', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})
const longDayFormat = new Intl.DateTimeFormat('en-NZ', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})
const formatDateBefore = (value: string) => shownBefore(dayFormat, value)
const formatLongDateBefore = (value: string) => shownBefore(longDayFormat, value).replace(',', '')

/**
 * The one place the answers differ on purpose: an instant whose Auckland day is before the year 1 or
 * after 9999. The library answered a day no `YYYY-MM-DD` reader takes (`-000001-06-15`, `0000-12-31`,
 * which `formatDate` then threw on or showed as 1901) or clamped the year (`9999-12-31T23:00Z` was
 * `9999-01-01`); now it is no day: null, and `Invalid DateTime`. Only instants written in the year 1 or
 * before, or in 9999, can land there.
 */
function outsideTheYearsOneTo9999(value: string, before: string | null): boolean {
  if (before === null) return false
  const written = Number(/^([+-]\d{6}|\d{4})-/.exec(value)?.[1])
  return before.startsWith('-') || before.startsWith('0000-') || written >= 9999
}

function expectSameAnswers(value: string): void {
  const before = aucklandDayBefore(value)
  const after = toAucklandDay(value)
  if (after === null && outsideTheYearsOneTo9999(value, before)) {
    expect(formatDate(value)).toBe('Invalid DateTime')
    expect(formatLongDate(value)).toBe('Invalid DateTime')
    return
  }
  expect(after, value).toBe(before)
  expect(formatDate(value), value).toBe(formatDateBefore(value))
  expect(formatLongDate(value), value).toBe(formatLongDateBefore(value))
}

// DATES_RUNS=200000 for a long search after changing the readers.
const runs = { numRuns: Number(process.env.DATES_RUNS ?? 3000) }
const pad = (value: number, width: number) => String(value).padStart(width, '0')

/** `YYYY-MM-DD`-shaped text, real days or not: months 0–13, days 0–32. */
const dayText = (years: fc.Arbitrary<number>) =>
  fc
    .tuple(years, fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([year, month, day]) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`)

const recentYears = fc.integer({ min: 1900, max: 2100 })
const anyYear = fc.integer({ min: 0, max: 9999 })
const safeYear = fc.integer({ min: 2, max: 9998 })

/**
 * An instant in every shape `parseAbsolute` reads, and some it refuses: parts out of range, a time
 * without its `T`, no offset, an offset of hours only or without its colon, long fractions.
 */
const instantText = (years: fc.Arbitrary<number>) =>
  fc
    .record({
      year: years,
      sixDigitYear: fc.boolean(),
      month: fc.integer({ min: 0, max: 13 }),
      day: fc.integer({ min: 0, max: 32 }),
      withT: fc.boolean(),
      hour: fc.option(fc.integer({ min: 0, max: 25 })),
      minute: fc.option(fc.integer({ min: 0, max: 61 })),
      second: fc.option(fc.integer({ min: 0, max: 61 })),
      fraction: fc.option(fc.stringMatching(/^\d{1,21}$/)),
      offset: fc.oneof(
        fc.constant('Z'),
        fc.constant(''),
        fc
          .tuple(
            fc.constantFrom('+', '-'),
            fc.integer({ min: 0, max: 25 }),
            fc.option(fc.integer({ min: 0, max: 61 })),
            fc.constantFrom(':', ''),
          )
          .map(([sign, hours, minutes, colon]) =>
            minutes === null
              ? `${sign}${pad(hours, 2)}`
              : `${sign}${pad(hours, 2)}${colon}${pad(minutes, 2)}`,
          ),
      ),
    })
    .map((parts) => {
      const year = parts.sixDigitYear ? `+${pad(parts.year, 6)}` : pad(parts.year, 4)
      let text = `${year}-${pad(parts.month, 2)}-${pad(parts.day, 2)}`
      if (parts.hour !== null) text += `${parts.withT ? 'T' : ''}${pad(parts.hour, 2)}`
      if (parts.minute !== null) text += `:${pad(parts.minute, 2)}`
      if (parts.second !== null) text += `:${pad(parts.second, 2)}`
      if (parts.fraction !== null) text += `.${parts.fraction}`
      return text + parts.offset
    })

/** A valid instant a few days either side of the changes of clock in Auckland, in an offset of any zone. */
const aroundClockChanges = fc
  .record({
    year: fc.integer({ min: 1975, max: 2100 }),
    // The last Sunday of September is the 24th to the 30th, the first Sunday of April the 1st to the 7th.
    change: fc.constantFrom({ month: 9, firstDay: 22 }, { month: 4, firstDay: 0 }),
    day: fc.integer({ min: 0, max: 10 }),
    minuteOfDay: fc.integer({ min: 0, max: 24 * 60 - 1 }),
    second: fc.integer({ min: 0, max: 59 }),
    offsetMinutes: fc.integer({ min: -12 * 60, max: 14 * 60 }).map((minutes) => minutes - (minutes % 15)),
  })
  .map(({ year, change, day, minuteOfDay, second, offsetMinutes }) => {
    const date = new Date(Date.UTC(year, change.month - 1, change.firstDay + day))
    const time = `${pad(Math.floor(minuteOfDay / 60), 2)}:${pad(minuteOfDay % 60, 2)}:${pad(second, 2)}`
    const offset =
      offsetMinutes === 0
        ? 'Z'
        : `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offsetMinutes) / 60), 2)}:${pad(Math.abs(offsetMinutes) % 60, 2)}`
    return `${date.toISOString().slice(0, 10)}T${time}${offset}`
  })

/** Any moment a `Date` holds (years −271821 to 275760), as `toISOString` writes it. */
const anyMoment = fc.integer({ min: -8.64e15, max: 8.64e15 }).map((ms) => new Date(ms).toISOString())

/** Text of the characters dates are written in, and of any. */
const dateCharacters = fc.string({ unit: fc.constantFrom(...'0123456789-+:.TZ'), maxLength: 30 })

describe('dates on Intl give the answers they gave on @internationalized/date (fast-check)', () => {
  it('reads days of every year, real or not', () => {
    fc.assert(fc.property(dayText(anyYear), expectSameAnswers), runs)
    fc.assert(fc.property(dayText(recentYears), expectSameAnswers), runs)
  })

  it('reads instants in every shape, valid or not, in the years 2 to 9998 exactly', () => {
    fc.assert(
      fc.property(instantText(safeYear), (value) => {
        expect(toAucklandDay(value), value).toBe(aucklandDayBefore(value))
        expect(formatDate(value), value).toBe(formatDateBefore(value))
        expect(formatLongDate(value), value).toBe(formatLongDateBefore(value))
      }),
      runs,
    )
    fc.assert(fc.property(instantText(recentYears), expectSameAnswers), runs)
  })

  it('reads instants of the first and last years, and beyond, the same or as no day', () => {
    const edgeYear = fc.constantFrom(0, 1, 2, 9998, 9999)
    fc.assert(fc.property(instantText(edgeYear), expectSameAnswers), runs)
    fc.assert(fc.property(anyMoment, expectSameAnswers), runs)
  })

  it('gives the Auckland day across the changes to and from daylight saving', () => {
    fc.assert(fc.property(aroundClockChanges, expectSameAnswers), runs)
  })

  it('refuses what is not a date as it did', () => {
    fc.assert(fc.property(dateCharacters, expectSameAnswers), runs)
    fc.assert(fc.property(fc.string(), expectSameAnswers), runs)
  })

  it('shows no date for nothing', () => {
    for (const value of [null, undefined, '']) {
      expect(formatDate(value)).toBe('Invalid DateTime')
      expect(formatLongDate(value)).toBe('Invalid DateTime')
    }
  })

  it('answers null, or Invalid DateTime, where the library made a day outside the years 1 to 9999', () => {
    expect(aucklandDayBefore('9999-12-31T23:00:00Z')).toBe('9999-01-01')
    expect(toAucklandDay('9999-12-31T23:00:00Z')).toBeNull()
    expect(aucklandDayBefore('0001-01-01T00:00:00+23:00')).toBe('0000-12-31')
    expect(toAucklandDay('0001-01-01T00:00:00+23:00')).toBeNull()
    expect(formatDateBefore('-000001-06-15T00:00:00Z')).toBe('threw')
    expect(formatDate('-000001-06-15T00:00:00Z')).toBe('Invalid DateTime')
    // The first day of the year 1 in Auckland is still a day.
    expect(toAucklandDay('0000-12-31T20:00:00Z')).toBe('0001-01-01')
    expect(toAucklandDay('9999-12-31T10:00:00Z')).toBe('9999-12-31')
  })
})

describe('the instant a day or an instant names (fast-check)', () => {
  const auckland = new Intl.DateTimeFormat('en-CA', { timeZone: zone })
  const days = fc.oneof(
    dayText(recentYears),
    aroundClockChanges.map((instant) => instant.slice(0, 10)),
  )

  it('starts a real day at the first moment of that day in Auckland', () => {
    fc.assert(
      fc.property(days, (day) => {
        const milliseconds = toEpochMilliseconds(day)
        if (toAucklandDay(day) === null) {
          expect(milliseconds).toBeNull()
          expect(formatTime(day)).toBe('Invalid DateTime')
          return
        }
        expect(milliseconds).not.toBeNull()
        expect(auckland.format(new Date(milliseconds ?? 0))).toBe(day)
        expect(auckland.format(new Date((milliseconds ?? 0) - 1))).not.toBe(day)
        // Clocks change at 2 or 3 in the morning in Auckland: every day starts at midnight.
        expect(formatTime(day)).toBe('12:00 am')
      }),
      runs,
    )
  })

  it('reads an instant as the moment of its Auckland day', () => {
    fc.assert(
      fc.property(fc.oneof(instantText(recentYears), aroundClockChanges), (value) => {
        const milliseconds = toEpochMilliseconds(value)
        const day = toAucklandDay(value)
        if (milliseconds === null) {
          expect(day).toBeNull()
          expect(formatTime(value)).toBe('Invalid DateTime')
          return
        }
        expect(day).toBe(auckland.format(new Date(milliseconds)))
        expect(formatTime(value)).toMatch(/^\d{1,2}:\d{2} [ap]m$/)
      }),
      runs,
    )
  })
})

describe('days shown without a year, and today', () => {
  it('shows a day and month as the chart axes always did', () => {
    fc.assert(
      fc.property(dayText(recentYears), (day) => {
        const [year, month, date] = day.split('-').map(Number)
        const expected =
          year && month && date
            ? new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
                new Date(Date.UTC(year, month - 1, date)),
              )
            : day
        expect(formatDayAndMonth(day)).toBe(expected)
      }),
      runs,
    )
  })

  it('is the library’s Auckland day of the moment, and the day of that moment as an instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }), (milliseconds) => {
        const now = new Date(milliseconds)
        expect(todayInAuckland(now)).toBe(toCalendarDate(fromDate(now, zone)).toString())
        expect(toAucklandDay(now.toISOString())).toBe(todayInAuckland(now))
      }),
      runs,
    )
  })
})

import { z } from 'zod'
import { formatCents } from './money'
import { MAX_RECORD_ID } from './record-id'
import { messages } from './refusal-messages'
import { todayInAuckland } from './today'

/**
 * The words people read when a value is refused (`refusal-messages.ts`): the one mapping for the API's
 * 422 bodies, the forms and the server functions, so a rule says the same thing wherever it is broken.
 * Import this module once per process before parsing (every contract does, through its `z`).
 */
export { messages }

const dayFormat = new Intl.DateTimeFormat('en-NZ', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Pacific/Auckland',
})

/** Missing, or an empty choice: the person has yet to give a value, whatever its kind should be. */
function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || input === ''
}

const formatMessages: Partial<Record<string, string>> = {
  email: messages.email,
  date: messages.date,
  datetime: messages.dateTime,
  time: messages.time,
  url: messages.url,
  uuid: messages.identifier,
  guid: messages.identifier,
  cuid: messages.identifier,
  cuid2: messages.identifier,
  ulid: messages.identifier,
  xid: messages.identifier,
  ksuid: messages.identifier,
  nanoid: messages.identifier,
  e164: messages.phone,
}

const typeMessages: Partial<Record<string, string>> = {
  number: messages.number,
  int: messages.wholeNumber,
  bigint: messages.wholeNumber,
  nan: messages.number,
  string: messages.text,
  boolean: messages.yesOrNo,
  date: messages.date,
  array: messages.list,
  tuple: messages.list,
  set: messages.list,
  nonoptional: messages.required,
}

/** A refused value's message. Messages a schema states itself (`.regex(…, 'Value is not a valid time')`) win. */
export function messageForIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(issue.input)) return messages.required
      return typeMessages[issue.expected] ?? messages.invalid
    case 'invalid_value':
      if (isEmpty(issue.input)) return messages.required
      return issue.values.length <= 10 ? messages.oneOf(issue.values) : messages.invalid
    case 'too_big':
      return tooBig(issue)
    case 'too_small':
      return tooSmall(issue)
    case 'invalid_format':
      if (issue.format === 'starts_with' && typeof issue.prefix === 'string')
        return `Value must start with ${issue.prefix}`
      if (issue.format === 'ends_with' && typeof issue.suffix === 'string')
        return `Value must end with ${issue.suffix}`
      if (issue.format === 'includes' && typeof issue.includes === 'string')
        return `Value must include ${issue.includes}`
      if (issue.format === 'lowercase') return 'Value must be in lower case'
      if (issue.format === 'uppercase') return 'Value must be in upper case'
      return formatMessages[issue.format] ?? messages.format
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? messages.wholeNumber : messages.multipleOf(Number(issue.divisor))
    case 'unrecognized_keys':
      return messages.unknownFields(issue.keys)
    default:
      // invalid_union, invalid_key, invalid_element, and a refinement that gave no message of its own.
      return messages.invalid
  }
}

// Lengths and counts are always inclusive in zod; only numbers and dates have exclusive limits.
function tooBig(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooBig>): string {
  switch (issue.origin) {
    case 'string':
      return issue.exact ? messages.exactLength(issue.maximum) : messages.maxLength(issue.maximum)
    case 'array':
    case 'set':
      return messages.maxItems(issue.maximum)
    case 'date':
      return messages.latestDate(dayFormat.format(new Date(Number(issue.maximum))))
    case 'file':
      return messages.maxFileSize(issue.maximum)
    default:
      return issue.inclusive === false ? messages.below(issue.maximum) : messages.max(issue.maximum)
  }
}

function tooSmall(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooSmall>): string {
  switch (issue.origin) {
    case 'string':
      if (issue.exact) return messages.exactLength(issue.minimum)
      return Number(issue.minimum) <= 1 ? messages.required : messages.minLength(issue.minimum)
    case 'array':
    case 'set':
      // An empty list where one is needed is a value not given yet.
      return Number(issue.minimum) <= 1 ? messages.required : messages.minItems(issue.minimum)
    case 'date':
      return messages.earliestDate(dayFormat.format(new Date(Number(issue.minimum))))
    default:
      return issue.inclusive === false ? messages.above(issue.minimum) : messages.min(issue.minimum)
  }
}

z.config({
  customError: messageForIssue,
  // In a page, zod's fast path would first try `new Function`, which the pages' Content-Security-Policy
  // refuses (no eval, ADR 057): the browser would report a violation on every screen that parses.
  ...(typeof document === 'undefined' ? {} : { jitless: true }),
})

export { z }

/**
 * Money as the API takes it: integer cents from 0 to `max`, its limits said in dollars (`$1,000,000.00`),
 * the way the person typed the amount.
 */
export function moneyInCents(options: { max: number }) {
  // The range first, and alone: a number past 2^53 is told the field's own limit in dollars, not
  // JavaScript's largest whole number as well.
  return z
    .number()
    .min(0, { error: () => messages.min(formatCents(0)), abort: true })
    .max(options.max, { error: () => messages.max(formatCents(options.max)), abort: true })
    .int()
}

/**
 * The largest id a database `integer` column holds. Ids past it can name no record, so schemas refuse
 * them before a query overflows (a path id answers 404, a body id 422).
 */
export { MAX_RECORD_ID }

/** A record's id as the API takes it in a body (a number). */
export const recordId = z.number().int().positive().max(MAX_RECORD_ID)

/**
 * Text `Number()` reads but nobody writes for an id — `0x1f`, `1e3`, `+5`, ` 5`, `05`, `Infinity` — is
 * no number: `/gyms/0x1` would otherwise serve gym 1.
 */
const plainDecimal = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/

/** A record's id in a path (text turned into a number). */
export const recordIdParam = z
  .string()
  .regex(plainDecimal, messages.number)
  .pipe(z.coerce.number<string>().int().positive().max(MAX_RECORD_ID))

/** A record's id in a query string, or the same filter as a number in a JSON body. */
export const queryRecordId = z.preprocess(
  (value) => (typeof value === 'string' && !plainDecimal.test(value) ? Number.NaN : value),
  z.coerce.number().int().positive().max(MAX_RECORD_ID),
)

/**
 * The first day any date of ours may be. Year 0000 (ISO's 1 BC) made PostgreSQL fail (a 500, mid-file for
 * an export), and JavaScript's dates read years 0–99 as 1900–1999 (0050-02-28 showed as 28 Feb 1950; a
 * yearly pro-rata from 0001-01-01 was a 500). No membership, payment or birth is older.
 */
export const EARLIEST_CALENDAR_DATE = '1900-01-01'
export const earliestCalendarDateMessage = messages.earliestDate('1 Jan 1900')

/**
 * A calendar day typed as `YYYY-MM-DD` that exists: 31/02 or 29/02 of a common year is refused with
 * "Value is not a valid date" rather than moved to another day (issue 13); one before 1900 with the
 * earliest date allowed (and no further message).
 */
export const calendarDate = z
  .string()
  .min(1)
  .pipe(z.iso.date(messages.date))
  .refine((day) => day >= EARLIEST_CALENDAR_DATE, { message: earliestCalendarDateMessage, abort: true })

/**
 * A date of birth: a real day, not in the future and not before 1900. A future one is an invalid date,
 * not a too-young person (issue 13); the server checks the future again against its own clock.
 */
export const dateOfBirth = calendarDate.refine(
  // A value that isn't a date at all has been refused above, once.
  (day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || (day >= '1900-01-01' && day <= todayInAuckland()),
  messages.date,
)

import { AppError, type FieldErrors, summariseFieldErrors } from '~/lib/errors'
import { EARLIEST_CALENDAR_DATE, earliestCalendarDateMessage, z } from '~/lib/validation'
import { isCalendarDate } from '~/server/billing/calendar'

/**
 * Input checks shared by the services. A service validates again what the API contract already checked
 * because the seed, jobs and scripts call services directly, without an HTTP request in front.
 */

/** `YYYY-MM-DD` that is a real day, from 1900 on (the calendar's dates misread years 0–99). */
export const calendarDateSchema = z
  .string()
  .refine(isCalendarDate, { message: 'Value is not a valid date', abort: true })
  .refine((day) => day >= EARLIEST_CALENDAR_DATE, earliestCalendarDateMessage)

/** Cents: money is integer cents everywhere (DESIGN §2). */
export const centsSchema = z.int().min(0).max(100_000_000)

export const idSchema = z.int().positive()

// Keys in the API's snake_case, so a service's 422 names the same fields as the handler's would.
function fieldKey(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '_'
  return path.map((part) => String(part).replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)).join('.')
}

/** Parses with `schema` or throws a VALIDATION AppError carrying every field's messages. */
export function parseInput<TSchema extends z.ZodType>(schema: TSchema, input: unknown): z.output<TSchema> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const fieldErrors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const key = fieldKey(issue.path)
    fieldErrors[key] ??= []
    fieldErrors[key].push(issue.message)
  }
  throw new AppError('VALIDATION', summariseFieldErrors(fieldErrors), { fieldErrors })
}

export function validationError(field: string, message: string): AppError {
  return new AppError('VALIDATION', message, { fieldErrors: { [fieldKey([field])]: [message] } })
}

/** Another organisation's record is reported exactly like a missing one (DESIGN §2). */
export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} not found.`)
}

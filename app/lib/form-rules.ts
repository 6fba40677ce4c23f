import { messages } from './refusal-messages'
import { todayInAuckland } from './today'

/**
 * The browser's side of a form's rules, for the join site's pages, which load no zod (ADR 044): plain
 * functions that give, for a value a form can hold, the message the server's zod schema gives first for
 * it (`validation.ts` maps zod's issues to `refusal-messages.ts`'s words). The schemas stay the authority:
 * the server parses every request with them. `tests/unit/lib/form-rules.test.ts` holds each form's rules
 * and its schema to the same message for the same input.
 *
 * A rule takes the value as typed and answers its problem, or nothing (`undefined`, `null` or '').
 */
export type Rule = (value: string) => string | undefined

/** Each field's first message, for the fields with one; `undefined` when every field is fine. */
export type FormProblems<Field extends string = string> = Partial<Record<Field, string>> | undefined

/** Runs each field's rule; the messages of the fields that break theirs. */
export function problemsOf<Values extends Record<string, unknown>>(
  values: Values,
  rules: { [Field in keyof Values]?: (value: Values[Field], values: Values) => string | null | undefined },
): FormProblems<keyof Values & string> {
  const problems: Partial<Record<keyof Values & string, string>> = {}
  let found = false
  for (const field of Object.keys(rules) as Array<keyof Values & string>) {
    const message = rules[field]?.(values[field], values)
    if (message) {
      problems[field] = message
      found = true
    }
  }
  return found ? problems : undefined
}

// zod's own patterns (zod/v4/core/regexes.js), so the browser accepts what the server accepts.
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/
const uuidPattern =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/
const isoDatePattern =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))$/

/** A text's length as zod counts it: in code points (an emoji is one, though JavaScript counts two). */
export function lengthOf(text: string): number {
  let length = 0
  for (const _ of text) length++
  return length
}

/** Text with a length limit (`z.string().max(max)`, optionally `.min(1)`), trimmed first when the schema trims. */
export function textProblem(
  value: string,
  options: { max: number; required?: boolean; trim?: boolean },
): string | undefined {
  const text = options.trim ? value.trim() : value
  if (lengthOf(text) > options.max) return messages.maxLength(options.max)
  if (options.required && text === '') return messages.required
  return undefined
}

/** `z.string().trim().min(1).max(254).pipe(z.email())`: an e-mail address as the join site takes it. */
export function emailProblem(value: string): string | undefined {
  const text = value.trim()
  if (text === '') return messages.required
  if (lengthOf(text) > 254) return messages.maxLength(254)
  return emailPattern.test(text) ? undefined : messages.email
}

/** `z.string().trim().min(1).regex(pattern, message)`: given, then in the pattern's shape. */
export function patternProblem(value: string, pattern: RegExp, message: string): string | undefined {
  const text = value.trim()
  if (text === '') return messages.required
  return pattern.test(text) ? undefined : message
}

/** `z.uuid(message)`. */
export function uuidProblem(value: string, message: string): string | undefined {
  return uuidPattern.test(value) ? undefined : message
}

/** `calendarDate` (validation.ts): a real `YYYY-MM-DD` day, from 1 Jan 1900. */
export function calendarDayProblem(value: string): string | undefined {
  if (value.length < 1) return messages.required
  if (!isoDatePattern.test(value)) return messages.date
  return value < '1900-01-01' ? messages.earliestDate('1 Jan 1900') : undefined
}

/** `dateOfBirth` (validation.ts): a real `YYYY-MM-DD` day, from 1 Jan 1900, not after today in Auckland. */
export function dateOfBirthProblem(value: string): string | undefined {
  if (value.length < 1) return messages.required
  if (!isoDatePattern.test(value)) return messages.date
  if (value < '1900-01-01') return messages.earliestDate('1 Jan 1900')
  return value > todayInAuckland() ? messages.date : undefined
}

import { notFound } from '@tanstack/react-router'
import { ApiError } from './api-error'
import { type FieldErrors, summariseFieldErrors } from './errors'
import { refusedInput } from './refused-input'

/**
 * What a failed call throws on to the screen, from a server function (`screenErrors` in
 * server-fn-errors.ts) or from a join page's own API call (`withScreenErrors`, ADR 048). Three changes,
 * the rest passes as it is:
 * - the API's 404 (and 403) becomes the router's not-found, so a loader (or a suspense query) of a record that
 *   does not exist shows the not-found page rather than an error with a status;
 * - a `.validator(schema)` that refused its input threw an Error whose message is zod's issues as JSON
 *   (TanStack Start's Standard Schema path); it becomes the issues' own messages, already in our words
 *   (app/lib/validation.ts), summarised like the API's 422;
 * - a ZodError a handler let escape, the same.
 */
export const noAccessMessage = 'You don’t have access to this page. Ask an organisation admin if you need it.'

export function toScreenError(error: unknown): unknown {
  if (error instanceof ApiError && error.status === 404) return notFound({ data: { message: error.message } })
  // A screen the caller may not use answers like a record they can't see (the API's own rule): a page
  // that says so, never an error page with a status of 500.
  if (error instanceof ApiError && error.status === 403) {
    return notFound({ data: { title: 'No access', message: noAccessMessage } })
  }
  const issues = validationIssuesOf(error)
  if (issues) return refusedInput(summariseFieldErrors(fieldErrorsOf(issues)))
  return error
}

interface Issue {
  message: string
  path?: unknown
}

function isIssueList(value: unknown): value is Issue[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (item) =>
        typeof item === 'object' && item !== null && 'message' in item && typeof item.message === 'string',
    )
  )
}

function validationIssuesOf(error: unknown): Issue[] | undefined {
  if (!(error instanceof Error)) return undefined
  if ('issues' in error && isIssueList(error.issues)) return error.issues
  if (!error.message.startsWith('[')) return undefined
  try {
    const parsed: unknown = JSON.parse(error.message)
    return isIssueList(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

function fieldErrorsOf(issues: Issue[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const key = Array.isArray(issue.path) && issue.path.length > 0 ? issue.path.join('.') : '_'
    errors[key] ??= []
    errors[key].push(issue.message)
  }
  return errors
}

/** Runs a read a loader or a page shows, throwing what the screen shows when it fails (`toScreenError`). */
export async function withScreenErrors<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    throw toScreenError(error)
  }
}

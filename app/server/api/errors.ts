import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import {
  AppError,
  type AppErrorCode,
  type FieldErrors,
  NOT_TWO_FACTOR_AUTHENTICATED,
  summariseFieldErrors,
} from '~/lib/errors'
import { reportError } from '~/server/error-reporting.server'
import { loggableError } from '~/server/loggable-error.server'
import { logger } from '~/server/logger.server'

const statusOf: Record<AppErrorCode, ContentfulStatusCode> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  TWO_FACTOR_REQUIRED: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  VALIDATION: 422,
  TOO_MANY_ATTEMPTS: 429,
}

/** Field errors keyed by the dotted path Laravel would use (`hours.0.open_at`). */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_'
    errors[key] ??= []
    errors[key].push(issue.message)
  }
  return errors
}

export function validationResponse(c: Context, errors: FieldErrors) {
  return c.json({ message: summariseFieldErrors(errors), errors }, 422)
}

/** The one place where errors become HTTP responses (DESIGN §2). */
export function respondWithError(c: Context, error: unknown) {
  if (error instanceof AppError) {
    const status = statusOf[error.code]
    if (error.code === 'VALIDATION') return validationResponse(c, error.fieldErrors ?? {})
    if (error.code === 'TWO_FACTOR_REQUIRED') {
      return c.json(
        { error: NOT_TWO_FACTOR_AUTHENTICATED, message: error.message, email: error.email },
        status,
      )
    }
    if (error.code === 'TOO_MANY_ATTEMPTS' && error.retryAfterSeconds !== undefined) {
      c.header('Retry-After', String(Math.ceil(error.retryAfterSeconds)))
    }
    return c.json({ message: error.message }, status)
  }
  if (isMalformedJson(error)) return c.json({ message: 'The request body is not valid JSON.' }, 400)
  if (isConcurrentChange(error)) return c.json({ message: concurrentChangeMessage }, 409)
  if (error instanceof HTTPException) {
    // Hono's own refusals (a body that isn't JSON where JSON is declared, a malformed body) keep their
    // status; their English is replaced with ours.
    const status = error.status
    if (status === 415) return c.json({ message: unsupportedMediaTypeMessage }, 415)
    if (status >= 400 && status < 500) return c.json({ message: plainStatusMessage(status) }, status)
  }
  // The route's pattern, not the address: a payment or join link's address is its token, a credential.
  logger.error(
    { err: loggableError(error), route: c.req.routePath, method: c.req.method },
    'unhandled API error',
  )
  reportError(error, { route: c.req.routePath, method: c.req.method })
  return c.json({ message: 'Server Error' }, 500)
}

export const concurrentChangeMessage =
  'Someone else made the same change at the same moment. Reload and try again.'

/**
 * PostgreSQL's answer to two requests racing: a unique index refusing the second (two invitations of one
 * address, each checked free before either was written), a serialisation failure or a deadlock. The
 * services check first; only a race gets past them, and it is a 409, not a 500.
 */
const concurrentChangeCodes = new Set(['23505', '40001', '40P01'])

function isConcurrentChange(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as Error & { code?: unknown }).code
    if (typeof code === 'string' && concurrentChangeCodes.has(code)) return true
    current = current.cause
  }
  return false
}

export const unsupportedMediaTypeMessage = 'Send this request as JSON (Content-Type: application/json).'

function plainStatusMessage(status: number): string {
  if (status === 400) return 'The request could not be read.'
  if (status === 404) return 'Not Found'
  if (status === 413) return 'The request is too large.'
  return 'The request was refused.'
}

function isMalformedJson(error: unknown): boolean {
  return error instanceof SyntaxError || (error instanceof Error && error.message.includes('Malformed JSON'))
}

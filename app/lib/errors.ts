/**
 * Domain errors. Services throw these; only the API layer turns them into HTTP statuses
 * (app/server/api/errors.ts), so business code never speaks HTTP.
 */
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHENTICATED'
  | 'TWO_FACTOR_REQUIRED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'VALIDATION'
  | 'TOO_MANY_ATTEMPTS'

export type FieldErrors = Record<string, string[]>

export class AppError extends Error {
  readonly code: AppErrorCode
  readonly fieldErrors: FieldErrors | undefined
  readonly retryAfterSeconds: number | undefined
  /** TWO_FACTOR_REQUIRED: the session's own address, which the code went to (its screen says so). */
  readonly email: string | undefined

  constructor(
    code: AppErrorCode,
    message: string,
    options: { fieldErrors?: FieldErrors; retryAfterSeconds?: number; email?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.fieldErrors = options.fieldErrors
    this.retryAfterSeconds = options.retryAfterSeconds
    this.email = options.email
  }
}

/** The error value the API and the guards use for a pending second factor (SPEC §8). */
export const NOT_TWO_FACTOR_AUTHENTICATED = 'not_two_factor_authenticated'

/** Laravel's summary line: the first message, and how many more there are. */
export function summariseFieldErrors(errors: FieldErrors): string {
  const messages = Object.values(errors).flat()
  const first = messages[0] ?? 'The given data was invalid.'
  const more = messages.length - 1
  if (more <= 0) return first
  return `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})`
}

import type { FieldErrors } from './errors'

/**
 * A failed API call as the screens see it: the server's message (SPEC §8), the status, the field
 * errors of a 422 and the error value (`not_two_factor_authenticated`) when there is one.
 */
export class ApiError extends Error {
  readonly status: number
  readonly errors: FieldErrors
  readonly error: string | undefined
  /** With `not_two_factor_authenticated`: the address the code went to. */
  readonly email: string | undefined

  constructor(options: {
    message: string
    status: number
    errors?: FieldErrors
    error?: string
    email?: string
  }) {
    super(options.message)
    this.name = 'ApiError'
    this.status = options.status
    this.errors = options.errors ?? {}
    this.error = options.error
    this.email = options.email
  }
}

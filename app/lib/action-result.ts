import { ApiError } from './api-error'
import type { FieldErrors } from './errors'

/**
 * What a server function that changes something answers: plain data, so it crosses the wire intact
 * (a thrown error would lose its status and field errors on the way to the browser).
 */
export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; errors: FieldErrors; error: string | undefined }

/** Runs an API call and turns its ApiError into a failed result; other errors still throw. */
export async function toActionResult<T>(call: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await call() }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return {
      ok: false,
      status: error.status,
      message: error.message,
      errors: error.errors,
      error: error.error,
    }
  }
}

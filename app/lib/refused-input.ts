/**
 * A server function's `.validator(schema)` that refused its input reaches the browser as a thrown
 * Error (never an ActionResult). `screenErrors` puts the issues' own words in its message and marks it
 * with this status, so a page says those words — a 4xx — instead of taking it for a lost connection.
 */
export const REFUSED_INPUT_STATUS = 422

export function refusedInput(message: string): Error & { status: number } {
  return Object.assign(new Error(message), { status: REFUSED_INPUT_STATUS })
}

/** The words of a refused input, or undefined for anything else (a network failure, a crash). */
export function refusedInputMessage(error: unknown): string | undefined {
  if (!(error instanceof Error) || !('status' in error)) return undefined
  return error.status === REFUSED_INPUT_STATUS && error.message ? error.message : undefined
}

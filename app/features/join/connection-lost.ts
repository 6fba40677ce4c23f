/** What a join step says when a call never came back (a phone between cell towers). */
export const connectionLostMessage = 'We lost the connection. Check you’re online and try again.'

/**
 * Runs a server function; a call that throws (no network, a server restart) answers as a failed result
 * in words, so no button stays busy and nothing hangs.
 */
export async function orConnectionLost<T extends { ok: boolean }>(
  call: () => Promise<T>,
): Promise<
  T | { ok: false; status: 0; message: string; errors: Record<string, string[]>; error: undefined }
> {
  try {
    return await call()
  } catch {
    return { ok: false, status: 0, message: connectionLostMessage, errors: {}, error: undefined }
  }
}

import { useCallback } from 'react'
import { connectionLostMessage } from '~/contracts/api/request'
import { useSessionStore } from '~/features/auth/session'
import { REFUSED_INPUT_STATUS, refusedInputMessage } from '~/lib/refused-input'

/** What a join step says when a call never came back (a phone between cell towers): the API client's words. */
export { connectionLostMessage } from '~/contracts/api/request'

/** A session that ended mid-flow (signed out in another tab, expired): sign in and carry on. */
export const sessionEndedMessage =
  'You’ve been signed out. Sign in again and you’ll carry on from this step; nothing you saved is lost.'

interface Refusal {
  ok: false
  status: number
  message: string
  errors: Record<string, string[]>
  error: string | undefined
}

/**
 * Runs a server function so that what goes wrong reads in words and never hangs a button: a refusal is
 * said in the server's words (an answer's, or a validator's); a call that throws otherwise (no network, a
 * server restart) says the connection was lost; a session that has ended says to
 * sign in again — the join site's sign-in brings the member back to the step they were on.
 */
export async function orConnectionLost<T extends { ok: true } | Refusal>(
  call: () => Promise<T>,
  onSignedOut?: () => void,
): Promise<T | Refusal> {
  try {
    const result = await call()
    if (!result.ok && result.status === 401) {
      onSignedOut?.()
      return { ok: false, status: 401, message: sessionEndedMessage, errors: {}, error: undefined }
    }
    return result
  } catch (error) {
    // A refused input is a 4xx in its own words ("Choose at least one account to share."), not a lost
    // connection.
    const refused = refusedInputMessage(error)
    if (refused)
      return { ok: false, status: REFUSED_INPUT_STATUS, message: refused, errors: {}, error: undefined }
    return { ok: false, status: 0, message: connectionLostMessage, errors: {}, error: undefined }
  }
}

/**
 * `orConnectionLost` for a join page: a session found ended is forgotten at once, so the header and the
 * guards (and the sign-in screen, which would otherwise send a "signed-in" member straight back) agree.
 */
export function useJoinCall() {
  const sessionStore = useSessionStore()
  return useCallback(
    <T extends { ok: true } | Refusal>(call: () => Promise<T>) =>
      orConnectionLost(call, () => sessionStore.reset()),
    [sessionStore],
  )
}

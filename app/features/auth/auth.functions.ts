import { authRoutes } from '~/contracts/api/auth.routes'
import { apiCall, apiData } from '~/contracts/api/call'
import type { CallBody } from '~/contracts/api/request'
import type { SessionAnswer } from '~/contracts/auth'
import { toActionResult } from '~/lib/action-result'
import { ApiError } from '~/lib/api-error'
import { withScreenErrors } from '~/lib/screen-errors'

/**
 * Signing in, joining and the session (SPEC §2.3, §7), each through the API's route objects. Both sites
 * call these; they run where they are called (ADR 048): on the server for a first visit's guards, in the
 * browser otherwise, straight to `/api` — the join site loads no server function. The API checks each
 * body with its schema and answers a 422 in words, which the forms show under their fields.
 */

/** The session as the guards read it (`GET /api/session`), or the words of a call that failed. */
export type SessionState = SessionAnswer | { kind: 'error'; message: string }

/**
 * Loads the current user for the guards (SPEC §2.3), telling the ways it can fail apart. It reads
 * `/api/session`, which answers a guest and a pending code with 200: `/api/me`'s 401 and 400 would be
 * logged by the browser as failed requests on every page a guest opens.
 */
export async function fetchSessionState(): Promise<SessionState> {
  try {
    return await apiData(authRoutes.session)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { kind: 'error', message: error.message }
  }
}

export function login({ data }: { data: CallBody<typeof authRoutes.login> }) {
  return toActionResult(() => apiData(authRoutes.login, { body: data }))
}

export function logout() {
  return toActionResult(() => apiCall(authRoutes.logout))
}

export function verifyCode({ data }: { data: CallBody<typeof authRoutes.verify> }) {
  return toActionResult(() => apiData(authRoutes.verify, { body: data }))
}

export function resendCode() {
  return toActionResult(() => apiCall(authRoutes.resend).then((answer) => answer.message))
}

export function forgotPassword({ data }: { data: CallBody<typeof authRoutes.forgotPassword> }) {
  return toActionResult(() =>
    apiCall(authRoutes.forgotPassword, { body: data }).then((answer) => answer.message),
  )
}

export function resetPassword({ data }: { data: CallBody<typeof authRoutes.resetPassword> }) {
  return toActionResult(() =>
    apiCall(authRoutes.resetPassword, { body: data }).then((answer) => answer.message),
  )
}

export function setPassword({ data }: { data: CallBody<typeof authRoutes.setPassword> }) {
  return toActionResult(() => apiData(authRoutes.setPassword, { body: data }))
}

export function register({ data }: { data: CallBody<typeof authRoutes.register> }) {
  return toActionResult(() => apiData(authRoutes.register, { body: data }))
}

export function checkUniqueEmail({ data }: { data: CallBody<typeof authRoutes.uniqueEmail> }) {
  return toActionResult(() => apiData(authRoutes.uniqueEmail, { body: data }))
}

export function listJoinGyms() {
  return withScreenErrors(() => apiData(authRoutes.joinGyms))
}

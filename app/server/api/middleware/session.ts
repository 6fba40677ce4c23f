import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { getEnv } from '~/lib/env.server'
import { AppError } from '~/lib/errors'
import { authPolicy, sessionCookieName, trustedBrowserCookieName } from '~/server/auth/policy'
import { findSession, isSecondFactorPending } from '~/server/auth/sessions.server'
import type { ApiEnv } from '../context'
import { isSecureRequest } from '../request-info'

/** Reads the session cookie; an unknown or timed-out session is simply no session. */
export const loadSession: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const token = getCookie(c, sessionCookieName)
  const found = token ? await findSession({ db: c.var.database.db, token, now: c.var.now }) : undefined
  if (token && !found) clearSessionCookie(c)
  c.set('auth', found)
  await next()
}

function cookieOptions(c: Context, maxAgeMs: number) {
  const domain = getEnv().SESSION_COOKIE_DOMAIN
  return {
    httpOnly: true,
    sameSite: 'Lax' as const,
    secure: isSecureRequest(c),
    path: '/',
    maxAge: Math.floor(maxAgeMs / 1000),
    ...(domain ? { domain } : {}),
  }
}

export function setSessionCookie(c: Context, token: string) {
  setCookie(c, sessionCookieName, token, cookieOptions(c, authPolicy.sessionAbsoluteTimeout))
}

export function clearSessionCookie(c: Context) {
  const domain = getEnv().SESSION_COOKIE_DOMAIN
  deleteCookie(c, sessionCookieName, { path: '/', ...(domain ? { domain } : {}) })
}

export function setTrustedBrowserCookie(c: Context, token: string) {
  setCookie(c, trustedBrowserCookieName, token, cookieOptions(c, authPolicy.trustedBrowserLifetime))
}

export function trustedBrowserToken(c: Context): string | undefined {
  return getCookie(c, trustedBrowserCookieName)
}

/** A signed-in session, second factor pending or not (the code screens). */
export function requireSession(c: Context<ApiEnv>) {
  const auth = c.var.auth
  if (!auth) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.')
  return auth
}

export const secondFactorMessages = {
  staff: 'Enter the 6-digit code we e-mailed you to finish signing in.',
  member: 'Enter the 6-digit code we e-mailed you to confirm your address.',
}

/** Every protected call: signed in, second factor done (SPEC §8). */
export function requireUser(c: Context<ApiEnv>) {
  const auth = requireSession(c)
  if (isSecondFactorPending(auth.session, auth.user)) {
    throw new AppError(
      'TWO_FACTOR_REQUIRED',
      auth.user.isStaff ? secondFactorMessages.staff : secondFactorMessages.member,
      { email: auth.user.email },
    )
  }
  return auth
}

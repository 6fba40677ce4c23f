import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { requireSession as requireActorSession, requireSignedIn } from '~/access/actor.server'
import { getEnv } from '~/lib/env.server'
import { authPolicy, sessionCookieName, trustedBrowserCookieName } from '~/server/auth/policy'
import { findSession } from '~/server/auth/sessions.server'
import { actorOf } from '../actor'
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
  return requireActorSession(actorOf(c))
}

/** Every protected call: signed in, second factor done (SPEC §8). */
export function requireUser(c: Context<ApiEnv>) {
  return requireSignedIn(actorOf(c))
}

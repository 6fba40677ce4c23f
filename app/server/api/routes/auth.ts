import type { OpenAPIHono } from '@hono/zod-openapi'
import { isSecondFactorPending } from '~/access/actor.server'
import { authRoutes as routes } from '~/contracts/api/auth.routes'
import { consumeLimit } from '~/server/auth/rate-limits.server'
import { loadSessionUser } from '~/server/auth/session-user.server'
import { destroySession } from '~/server/auth/sessions.server'
import { isEmailFreeToJoin } from '~/server/services/auth/is-email-available.server'
import { registerMember } from '~/server/services/auth/register-member.server'
import {
  passwordResetSentMessage,
  requestPasswordReset,
} from '~/server/services/auth/request-password-reset.server'
import { resendSessionCode } from '~/server/services/auth/resend-second-factor-code.server'
import {
  acceptInvitation,
  passwordChangedMessage,
  setNewPassword,
} from '~/server/services/auth/set-new-password.server'
import { signIn } from '~/server/services/auth/sign-in.server'
import { verifySession } from '~/server/services/auth/verify-second-factor.server'
import { findJoinGyms } from '~/server/services/gyms/find-join-gyms.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import {
  clearSessionCookie,
  requireSession,
  requireUser,
  setSessionCookie,
  setTrustedBrowserCookie,
  trustedBrowserToken,
} from '../middleware/session'
import { clientIp, originSite, publicSiteUrl } from '../request-info'
import { toJoinGymResource } from '../resources/gym'
import { toSecondFactorPendingAnswer } from '../resources/second-factor'

export function registerAuthRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.me, async (c) => {
    const { user } = requireUser(c)
    return c.json({ data: await loadSessionUser({ db: c.var.database.db, user }) }, 200)
  })

  api.openapi(routes.session, async (c) => {
    const auth = actorOf(c).auth
    if (!auth) return c.json({ data: { kind: 'guest' as const } }, 200)
    if (isSecondFactorPending(auth.session, auth.user)) {
      return c.json({ data: { kind: 'two_factor' as const, email: auth.user.email } }, 200)
    }
    const user = await loadSessionUser({ db: c.var.database.db, user: auth.user })
    return c.json({ data: { kind: 'user' as const, user } }, 200)
  })

  api.openapi(routes.login, async (c) => {
    const body = c.req.valid('json')
    const db = c.var.database.db
    const result = await signIn({
      db,
      now: c.var.now,
      email: body.email,
      password: body.password,
      site: originSite(c),
      ip: clientIp(c),
      userAgent: c.req.header('user-agent'),
      trustedBrowserToken: trustedBrowserToken(c),
      mailer: c.var.mailer,
      replacingSessionId: c.var.auth?.session.id,
    })
    setSessionCookie(c, result.token)
    if (result.secondFactorPending) return c.json(toSecondFactorPendingAnswer(result.user), 400)
    return c.json({ data: await loadSessionUser({ db, user: result.user }) }, 200)
  })

  api.openapi(routes.logout, async (c) => {
    const auth = c.var.auth
    if (auth) await destroySession({ db: c.var.database.db, sessionId: auth.session.id })
    clearSessionCookie(c)
    return c.body(null, 204)
  })

  api.openapi(routes.verify, async (c) => {
    const auth = requireSession(c)
    const db = c.var.database.db
    const body = c.req.valid('json')
    const verified = await verifySession({
      db,
      now: c.var.now,
      session: auth.session,
      user: auth.user,
      code: body.code,
      remember: body.remember ?? false,
    })
    if (verified.trustedBrowserToken) setTrustedBrowserCookie(c, verified.trustedBrowserToken)
    return c.json({ data: await loadSessionUser({ db, user: verified.user }) }, 200)
  })

  api.openapi(routes.resend, async (c) => {
    const auth = requireSession(c)
    const { message } = await resendSessionCode({
      db: c.var.database.db,
      now: c.var.now,
      session: auth.session,
      user: auth.user,
      mailer: c.var.mailer,
    })
    return c.json({ message }, 200)
  })

  api.openapi(routes.forgotPassword, async (c) => {
    await requestPasswordReset({
      db: c.var.database.db,
      now: c.var.now,
      email: c.req.valid('json').email,
      ip: clientIp(c),
      mailer: c.var.mailer,
      siteUrl: publicSiteUrl,
    })
    return c.json({ message: passwordResetSentMessage }, 200)
  })

  api.openapi(routes.resetPassword, async (c) => {
    const body = c.req.valid('json')
    await setNewPassword({ db: c.var.database.db, now: c.var.now, purpose: 'password_reset', ...body })
    clearSessionCookie(c)
    return c.json({ message: passwordChangedMessage }, 200)
  })

  api.openapi(routes.setPassword, async (c) => {
    const db = c.var.database.db
    const { user, token } = await acceptInvitation({
      db,
      now: c.var.now,
      ...c.req.valid('json'),
      ip: clientIp(c),
      userAgent: c.req.header('user-agent'),
    })
    setSessionCookie(c, token)
    return c.json({ data: await loadSessionUser({ db, user }) }, 200)
  })

  api.openapi(routes.register, async (c) => {
    const db = c.var.database.db
    const { token, user } = await registerMember({
      db,
      now: c.var.now,
      input: c.req.valid('json'),
      ip: clientIp(c),
      userAgent: c.req.header('user-agent'),
      mailer: c.var.mailer,
    })
    setSessionCookie(c, token)
    return c.json({ data: await loadSessionUser({ db, user }) }, 201)
  })

  api.openapi(routes.uniqueEmail, async (c) => {
    const db = c.var.database.db
    const body = c.req.valid('json')
    await consumeLimit({ db, name: 'uniqueEmailIp', key: clientIp(c) })
    const unique = await isEmailFreeToJoin({ db, email: body.email, gymUuid: body.gym || undefined })
    return c.json({ data: { unique } }, 200)
  })

  api.openapi(routes.joinGyms, async (c) => {
    const rows = await findJoinGyms({ db: c.var.database.db })
    return c.json({ data: rows.map(toJoinGymResource) }, 200)
  })
}

import type { OpenAPIHono } from '@hono/zod-openapi'
import { isSecondFactorPending, secondFactorMessages } from '~/access/actor.server'
import { authRoutes as routes } from '~/contracts/api/auth.routes'
import { NOT_TWO_FACTOR_AUTHENTICATED } from '~/lib/errors'
import { consumeLimit } from '~/server/auth/rate-limits.server'
import { loadSessionUser } from '~/server/auth/session-user.server'
import { createSession, destroySession } from '~/server/auth/sessions.server'
import { isEmailFreeToJoin } from '~/server/services/auth/is-email-available.server'
import { registerMember } from '~/server/services/auth/register-member.server'
import {
  passwordResetSentMessage,
  requestPasswordReset,
} from '~/server/services/auth/request-password-reset.server'
import { resendSecondFactorCode } from '~/server/services/auth/resend-second-factor-code.server'
import { setNewPassword } from '~/server/services/auth/set-new-password.server'
import { signIn } from '~/server/services/auth/sign-in.server'
import { verifySecondFactor } from '~/server/services/auth/verify-second-factor.server'
import { findJoinGyms } from '~/server/services/gyms/find-join-gyms.server'
import { findUserById } from '~/server/services/users/find-user.server'
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
import { gymLogoUrl } from '../resources/gym'

export function registerAuthRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.me, async (c) => {
    const { user } = requireUser(c)
    return c.json({ data: await loadSessionUser({ db: c.var.database.db, user }) }, 200)
  })

  api.openapi(routes.login, async (c) => {
    const body = c.req.valid('json')
    const db = c.var.database.db
    // Signing in again in the same browser replaces its session rather than leaving two alive.
    if (c.var.auth) await destroySession({ db, sessionId: c.var.auth.session.id })
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
    })
    setSessionCookie(c, result.token)
    if (result.secondFactorPending) {
      const message = result.user.isStaff ? secondFactorMessages.staff : secondFactorMessages.member
      const body: { error: typeof NOT_TWO_FACTOR_AUTHENTICATED; message: string; email: string } = {
        error: NOT_TWO_FACTOR_AUTHENTICATED,
        message,
        email: result.user.email,
      }
      return c.json(body, 400)
    }
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
    if (isSecondFactorPending(auth.session, auth.user)) {
      const { trustedBrowserToken } = await verifySecondFactor({
        db,
        now: c.var.now,
        session: auth.session,
        user: auth.user,
        code: body.code,
        remember: body.remember ?? false,
      })
      if (trustedBrowserToken) setTrustedBrowserCookie(c, trustedBrowserToken)
    }
    const user = await findUserById({ db, userId: auth.user.id })
    return c.json({ data: await loadSessionUser({ db, user }) }, 200)
  })

  api.openapi(routes.resend, async (c) => {
    const auth = requireSession(c)
    if (isSecondFactorPending(auth.session, auth.user)) {
      await resendSecondFactorCode({
        db: c.var.database.db,
        now: c.var.now,
        user: auth.user,
        mailer: c.var.mailer,
      })
    }
    return c.json({ message: 'We have e-mailed you a new code.' }, 200)
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
    return c.json({ message: 'Your password has been changed. Sign in with it now.' }, 200)
  })

  api.openapi(routes.setPassword, async (c) => {
    const body = c.req.valid('json')
    const db = c.var.database.db
    // A staff invitation, or a member staff added finishing joining (issue 15).
    const user = await setNewPassword({
      db,
      now: c.var.now,
      purpose: ['staff_invite', 'member_invite'],
      ...body,
    })
    // The invitation link came by e-mail, so it already is the second factor.
    const { token } = await createSession({
      db,
      userId: user.id,
      now: c.var.now,
      twoFactorVerified: true,
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
    const data = rows.map((gym) => ({
      uuid: gym.uuid,
      name: gym.name,
      organisation_name: gym.organisationName,
      logo: gymLogoUrl(gym),
    }))
    return c.json({ data }, 200)
  })
}

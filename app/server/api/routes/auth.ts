import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { asc, eq } from 'drizzle-orm'
import { gyms, organisations, users } from '~/db/schema'
import {
  forgotPasswordRequestSchema,
  joinGymSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sessionUserSchema,
  setPasswordRequestSchema,
  uniqueEmailRequestSchema,
  uniqueEmailResponseSchema,
  verifyCodeRequestSchema,
} from '~/features/auth/contract'
import { NOT_TWO_FACTOR_AUTHENTICATED } from '~/lib/errors'
import { z } from '~/lib/validation'
import { consumeLimit } from '~/server/auth/rate-limits.server'
import { loadSessionUser } from '~/server/auth/session-user.server'
import { createSession, destroySession, isSecondFactorPending } from '~/server/auth/sessions.server'
import { findSignInCandidates } from '~/server/services/auth/find-sign-in-candidates.server'
import { isEmailAvailable } from '~/server/services/auth/is-email-available.server'
import { registerMember } from '~/server/services/auth/register-member.server'
import {
  passwordResetSentMessage,
  requestPasswordReset,
} from '~/server/services/auth/request-password-reset.server'
import { resendSecondFactorCode } from '~/server/services/auth/resend-second-factor-code.server'
import { setNewPassword } from '~/server/services/auth/set-new-password.server'
import { signIn } from '~/server/services/auth/sign-in.server'
import { verifySecondFactor } from '~/server/services/auth/verify-second-factor.server'
import type { ApiEnv } from '../context'
import { dataEnvelope, messageSchema } from '../envelope'
import {
  clearSessionCookie,
  requireSession,
  requireUser,
  secondFactorMessages,
  setSessionCookie,
  setTrustedBrowserCookie,
  trustedBrowserToken,
} from '../middleware/session'
import { errorResponses, jsonBody, jsonResponse } from '../openapi'
import { clientIp, originSite, publicSiteUrl } from '../request-info'

const tags = ['Authentication']
const userResponse = jsonResponse('The session user', dataEnvelope(sessionUserSchema))
const secondFactorResponse = jsonResponse(
  'Signed in; the e-mailed code is still due',
  z.object({ error: z.literal(NOT_TWO_FACTOR_AUTHENTICATED), message: z.string() }),
)

const routes = {
  me: createRoute({
    method: 'get',
    path: '/me',
    tags,
    summary: 'The signed-in user',
    responses: { 200: userResponse, 400: secondFactorResponse, 401: errorResponses[401] },
  }),
  login: createRoute({
    method: 'post',
    path: '/login',
    tags,
    summary: 'Sign in with e-mail and password',
    description:
      'Staff then enter an e-mailed code (400 not_two_factor_authenticated) unless the browser is trusted.',
    request: jsonBody(loginRequestSchema),
    responses: {
      200: userResponse,
      400: secondFactorResponse,
      422: errorResponses[422],
      429: errorResponses[429],
    },
  }),
  logout: createRoute({
    method: 'post',
    path: '/logout',
    tags,
    summary: 'End this session',
    responses: { 204: { description: 'Signed out' } },
  }),
  verify: createRoute({
    method: 'post',
    path: '/email/verify',
    tags,
    summary: 'Enter the e-mailed code (second factor or address check)',
    request: jsonBody(verifyCodeRequestSchema),
    responses: {
      200: userResponse,
      401: errorResponses[401],
      422: errorResponses[422],
      429: errorResponses[429],
    },
  }),
  resend: createRoute({
    method: 'post',
    path: '/email/resend',
    tags,
    summary: 'E-mail a new code',
    responses: {
      200: jsonResponse('Sent', messageSchema),
      401: errorResponses[401],
      429: errorResponses[429],
    },
  }),
  forgotPassword: createRoute({
    method: 'post',
    path: '/forgot-password',
    tags,
    summary: 'E-mail a password reset link',
    description: 'The answer is the same whether or not the address has an account.',
    request: jsonBody(forgotPasswordRequestSchema),
    responses: {
      200: jsonResponse('Accepted', messageSchema),
      422: errorResponses[422],
      429: errorResponses[429],
    },
  }),
  resetPassword: createRoute({
    method: 'post',
    path: '/reset-password',
    tags,
    summary: 'Set a new password from a reset link',
    request: jsonBody(resetPasswordRequestSchema),
    responses: { 200: jsonResponse('Changed', messageSchema), 422: errorResponses[422] },
  }),
  setPassword: createRoute({
    method: 'post',
    path: '/set-password',
    tags,
    summary: 'Accept a staff invitation: set the password and sign in',
    request: jsonBody(setPasswordRequestSchema),
    responses: { 200: userResponse, 422: errorResponses[422] },
  }),
  register: createRoute({
    method: 'post',
    path: '/register',
    tags,
    summary: 'Join as a member (join site)',
    request: jsonBody(registerRequestSchema),
    responses: { 201: userResponse, 422: errorResponses[422], 429: errorResponses[429] },
  }),
  uniqueEmail: createRoute({
    method: 'post',
    path: '/unique-email',
    tags,
    summary: 'Whether an address is still free to register',
    request: jsonBody(uniqueEmailRequestSchema),
    responses: {
      200: jsonResponse('Availability', dataEnvelope(uniqueEmailResponseSchema)),
      422: errorResponses[422],
      429: errorResponses[429],
    },
  }),
  joinGyms: createRoute({
    method: 'get',
    path: '/join/gyms',
    tags,
    summary: 'Gyms a visitor can join (the sign-up form)',
    responses: { 200: jsonResponse('Gyms', dataEnvelope(z.array(joinGymSchema))) },
  }),
}

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
      const body: { error: typeof NOT_TWO_FACTOR_AUTHENTICATED; message: string } = {
        error: NOT_TWO_FACTOR_AUTHENTICATED,
        message,
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
    const [user] = await db.select().from(users).where(eq(users.id, auth.user.id))
    return c.json({ data: await loadSessionUser({ db, user: user ?? auth.user }) }, 200)
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
    const user = await setNewPassword({ db, now: c.var.now, purpose: 'staff_invite', ...body })
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
    let unique: boolean
    if (body.gym) {
      const [gym] = await db
        .select({ organisationId: gyms.organisationId })
        .from(gyms)
        .where(eq(gyms.uuid, body.gym))
      unique = gym
        ? await isEmailAvailable({ db, organisationId: gym.organisationId, email: body.email })
        : true
    } else {
      unique = (await findSignInCandidates({ db, email: body.email })).length === 0
    }
    return c.json({ data: { unique } }, 200)
  })

  api.openapi(routes.joinGyms, async (c) => {
    const rows = await c.var.database.db
      .select({ uuid: gyms.uuid, name: gyms.name, organisation_name: organisations.name })
      .from(gyms)
      .innerJoin(organisations, eq(organisations.id, gyms.organisationId))
      .orderBy(asc(organisations.name), asc(gyms.name))
    return c.json({ data: rows }, 200)
  })
}

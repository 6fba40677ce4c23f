import {
  forgotPasswordRequestSchema,
  joinGymSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sessionStateSchema,
  sessionUserSchema,
  setPasswordRequestSchema,
  uniqueEmailRequestSchema,
  uniqueEmailResponseSchema,
  verifyCodeRequestSchema,
} from '~/contracts/auth'
import { NOT_TWO_FACTOR_AUTHENTICATED } from '~/lib/errors'
import { z } from '~/lib/validation'
import { messageSchema } from './envelope'
import { dataResponse, errorResponses, jsonBody, jsonResponse, routeGroup } from './openapi'

/** Each call answers its own errors: most are open to anyone, and some are rate-limited. */
const { route } = routeGroup(['Authentication'], {})
const userResponse = dataResponse('The session user', sessionUserSchema)
const secondFactorResponse = jsonResponse(
  'Signed in; the e-mailed code is still due',
  z.object({
    error: z.literal(NOT_TWO_FACTOR_AUTHENTICATED),
    message: z.string(),
    /** The session's own address, which the code went to. */
    email: z.string().optional(),
  }),
)

export const authRoutes = {
  me: route('get', '/me', {
    summary: 'The signed-in user',
    responses: { 200: userResponse, 400: secondFactorResponse, 401: errorResponses[401] },
  }),
  session: route('get', '/session', {
    summary: 'The browser’s session: the signed-in user, a guest, or a code still due',
    description:
      'What the sites’ guards read on every page: never refused, so a guest’s browser logs no failed request.',
    responses: { 200: dataResponse('The session', sessionStateSchema) },
  }),
  login: route('post', '/login', {
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
  logout: route('post', '/logout', {
    summary: 'End this session',
    responses: { 204: { description: 'Signed out' } },
  }),
  verify: route('post', '/email/verify', {
    summary: 'Enter the e-mailed code (second factor or address check)',
    request: jsonBody(verifyCodeRequestSchema),
    responses: {
      200: userResponse,
      401: errorResponses[401],
      422: errorResponses[422],
      429: errorResponses[429],
    },
  }),
  resend: route('post', '/email/resend', {
    summary: 'E-mail a new code',
    responses: {
      200: jsonResponse('Sent', messageSchema),
      401: errorResponses[401],
      429: errorResponses[429],
    },
  }),
  forgotPassword: route('post', '/forgot-password', {
    summary: 'E-mail a password reset link',
    description: 'The answer is the same whether or not the address has an account.',
    request: jsonBody(forgotPasswordRequestSchema),
    responses: {
      200: jsonResponse('Accepted', messageSchema),
      422: errorResponses[422],
      429: errorResponses[429],
    },
  }),
  resetPassword: route('post', '/reset-password', {
    summary: 'Set a new password from a reset link',
    request: jsonBody(resetPasswordRequestSchema),
    responses: { 200: jsonResponse('Changed', messageSchema), 422: errorResponses[422] },
  }),
  setPassword: route('post', '/set-password', {
    summary: 'Accept an invitation (staff, or a member staff added): set the password and sign in',
    request: jsonBody(setPasswordRequestSchema),
    responses: { 200: userResponse, 422: errorResponses[422] },
  }),
  register: route('post', '/register', {
    summary: 'Join as a member (join site)',
    request: jsonBody(registerRequestSchema),
    responses: { 201: userResponse, 422: errorResponses[422], 429: errorResponses[429] },
  }),
  uniqueEmail: route('post', '/unique-email', {
    summary: 'Whether an address is still free to register',
    request: jsonBody(uniqueEmailRequestSchema),
    responses: {
      200: dataResponse('Availability', uniqueEmailResponseSchema),
      422: errorResponses[422],
      429: errorResponses[429],
    },
  }),
  joinGyms: route('get', '/join/gyms', {
    summary: 'Gyms a visitor can join (the sign-up form)',
    responses: { 200: dataResponse('Gyms', z.array(joinGymSchema)) },
  }),
}

/**
 * The authentication calls (SPEC §7/§9): the API client gives up on them after 26 seconds instead of
 * the usual 60. Setting a password from an e-mailed link and the join site's gym list are not among them.
 */
export const authenticationCalls = [
  authRoutes.me,
  authRoutes.session,
  authRoutes.login,
  authRoutes.logout,
  authRoutes.forgotPassword,
  authRoutes.resetPassword,
  authRoutes.register,
  authRoutes.uniqueEmail,
  authRoutes.verify,
  authRoutes.resend,
]

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
} from '~/contracts/auth'
import { NOT_TWO_FACTOR_AUTHENTICATED } from '~/lib/errors'
import { z } from '~/lib/validation'
import { dataEnvelope, messageSchema } from './envelope'
import { createRoute, errorResponses, jsonBody, jsonResponse } from './openapi'

const tags = ['Authentication']
const userResponse = jsonResponse('The session user', dataEnvelope(sessionUserSchema))
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
    summary: 'Accept an invitation (staff, or a member staff added): set the password and sign in',
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

/**
 * The authentication calls (SPEC §7/§9): the API client gives up on them after 26 seconds instead of
 * the usual 60. Setting a password from an e-mailed link and the join site's gym list are not among them.
 */
export const authenticationCalls = [
  authRoutes.me,
  authRoutes.login,
  authRoutes.logout,
  authRoutes.forgotPassword,
  authRoutes.resetPassword,
  authRoutes.register,
  authRoutes.uniqueEmail,
  authRoutes.verify,
  authRoutes.resend,
]

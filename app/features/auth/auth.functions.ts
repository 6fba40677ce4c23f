import { createServerFn } from '@tanstack/react-start'
import { toActionResult } from '~/lib/action-result'
import { api } from '~/lib/api-client.server'
import { ApiError } from '~/lib/api-error'
import { NOT_TWO_FACTOR_AUTHENTICATED } from '~/lib/errors'
import { z } from '~/lib/validation'
import {
  forgotPasswordRequestSchema,
  joinGymSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  type SessionUser,
  sessionUserSchema,
  setPasswordRequestSchema,
  uniqueEmailRequestSchema,
  uniqueEmailResponseSchema,
  verifyCodeRequestSchema,
} from './contract'

export type SessionState =
  | { kind: 'user'; user: SessionUser }
  | { kind: 'guest' }
  | { kind: 'two_factor' }
  | { kind: 'error'; message: string }

/** Loads the current user for the guards (SPEC §2.3), telling the ways it can fail apart. */
export const fetchSessionState = createServerFn({ method: 'GET' }).handler(
  async (): Promise<SessionState> => {
    try {
      return { kind: 'user', user: await api().get('/me', { schema: sessionUserSchema }) }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      if (error.error === NOT_TWO_FACTOR_AUTHENTICATED) return { kind: 'two_factor' }
      if (error.status === 401) return { kind: 'guest' }
      return { kind: 'error', message: error.message }
    }
  },
)

export const login = createServerFn({ method: 'POST' })
  .validator(loginRequestSchema)
  .handler(({ data }) =>
    toActionResult(() => api().post('/login', { schema: sessionUserSchema, body: data })),
  )

export const logout = createServerFn({ method: 'POST' }).handler(() =>
  toActionResult(() => api().send('POST', '/logout')),
)

export const verifyCode = createServerFn({ method: 'POST' })
  .validator(verifyCodeRequestSchema)
  .handler(({ data }) =>
    toActionResult(() => api().post('/email/verify', { schema: sessionUserSchema, body: data })),
  )

export const resendCode = createServerFn({ method: 'POST' }).handler(() =>
  toActionResult(() => api().message('POST', '/email/resend')),
)

export const forgotPassword = createServerFn({ method: 'POST' })
  .validator(forgotPasswordRequestSchema)
  .handler(({ data }) => toActionResult(() => api().message('POST', '/forgot-password', { body: data })))

export const resetPassword = createServerFn({ method: 'POST' })
  .validator(resetPasswordRequestSchema)
  .handler(({ data }) => toActionResult(() => api().message('POST', '/reset-password', { body: data })))

export const setPassword = createServerFn({ method: 'POST' })
  .validator(setPasswordRequestSchema)
  .handler(({ data }) =>
    toActionResult(() => api().post('/set-password', { schema: sessionUserSchema, body: data })),
  )

export const register = createServerFn({ method: 'POST' })
  .validator(registerRequestSchema)
  .handler(({ data }) =>
    toActionResult(() => api().post('/register', { schema: sessionUserSchema, body: data })),
  )

export const checkUniqueEmail = createServerFn({ method: 'POST' })
  .validator(uniqueEmailRequestSchema)
  .handler(({ data }) =>
    toActionResult(() => api().post('/unique-email', { schema: uniqueEmailResponseSchema, body: data })),
  )

export const listJoinGyms = createServerFn({ method: 'GET' }).handler(() =>
  api().get('/join/gyms', { schema: z.array(joinGymSchema) }),
)

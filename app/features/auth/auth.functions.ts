import { createServerFn } from '@tanstack/react-start'
import { authRoutes } from '~/contracts/api/auth.routes'
import { api } from '~/contracts/api/client.server'
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  type SessionUser,
  setPasswordRequestSchema,
  uniqueEmailRequestSchema,
  verifyCodeRequestSchema,
} from '~/contracts/auth'
import { toActionResult } from '~/lib/action-result'
import { ApiError } from '~/lib/api-error'
import { NOT_TWO_FACTOR_AUTHENTICATED } from '~/lib/errors'

export type SessionState =
  | { kind: 'user'; user: SessionUser }
  | { kind: 'guest' }
  | { kind: 'two_factor'; email: string | undefined }
  | { kind: 'error'; message: string }

/** Loads the current user for the guards (SPEC §2.3), telling the ways it can fail apart. */
export const fetchSessionState = createServerFn({ method: 'GET' }).handler(
  async (): Promise<SessionState> => {
    try {
      return { kind: 'user', user: await api().data(authRoutes.me) }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      if (error.error === NOT_TWO_FACTOR_AUTHENTICATED) return { kind: 'two_factor', email: error.email }
      if (error.status === 401) return { kind: 'guest' }
      return { kind: 'error', message: error.message }
    }
  },
)

export const login = createServerFn({ method: 'POST' })
  .validator(loginRequestSchema)
  .handler(({ data }) => toActionResult(() => api().data(authRoutes.login, { body: data })))

export const logout = createServerFn({ method: 'POST' }).handler(() =>
  toActionResult(() => api().call(authRoutes.logout)),
)

export const verifyCode = createServerFn({ method: 'POST' })
  .validator(verifyCodeRequestSchema)
  .handler(({ data }) => toActionResult(() => api().data(authRoutes.verify, { body: data })))

export const resendCode = createServerFn({ method: 'POST' }).handler(() =>
  toActionResult(() =>
    api()
      .call(authRoutes.resend)
      .then((answer) => answer.message),
  ),
)

export const forgotPassword = createServerFn({ method: 'POST' })
  .validator(forgotPasswordRequestSchema)
  .handler(({ data }) =>
    toActionResult(() =>
      api()
        .call(authRoutes.forgotPassword, { body: data })
        .then((answer) => answer.message),
    ),
  )

export const resetPassword = createServerFn({ method: 'POST' })
  .validator(resetPasswordRequestSchema)
  .handler(({ data }) =>
    toActionResult(() =>
      api()
        .call(authRoutes.resetPassword, { body: data })
        .then((answer) => answer.message),
    ),
  )

export const setPassword = createServerFn({ method: 'POST' })
  .validator(setPasswordRequestSchema)
  .handler(({ data }) => toActionResult(() => api().data(authRoutes.setPassword, { body: data })))

export const register = createServerFn({ method: 'POST' })
  .validator(registerRequestSchema)
  .handler(({ data }) => toActionResult(() => api().data(authRoutes.register, { body: data })))

export const checkUniqueEmail = createServerFn({ method: 'POST' })
  .validator(uniqueEmailRequestSchema)
  .handler(({ data }) => toActionResult(() => api().data(authRoutes.uniqueEmail, { body: data })))

export const listJoinGyms = createServerFn({ method: 'GET' }).handler(() => api().data(authRoutes.joinGyms))

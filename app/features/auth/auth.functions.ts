import { createServerFn } from '@tanstack/react-start'
import { api } from '~/lib/api-client.server'
import { ApiError } from '~/lib/api-error'
import { NOT_TWO_FACTOR_AUTHENTICATED } from '~/lib/errors'
import { type SessionUser, sessionUserSchema } from './contract'

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

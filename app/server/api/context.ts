import type { SessionUser } from '~/features/auth/contract'

/** Per-request values the API middleware puts on the Hono context. */
export interface ApiEnv {
  Variables: {
    /** Set once sign-in exists (issue 3); until then every request is anonymous. */
    sessionUser: SessionUser | undefined
  }
}

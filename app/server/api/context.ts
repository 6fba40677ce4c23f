import type { DatabaseHandle } from '~/db/client.server'
import type { SessionUser } from '~/features/auth/contract'

/** Per-request values the API middleware puts on the Hono context. */
export interface ApiEnv {
  Variables: {
    database: DatabaseHandle
    /** Set once sign-in exists (issue 3); until then every request is anonymous. */
    sessionUser: SessionUser | undefined
  }
}

export interface ApiDependencies {
  /** The database every handler uses; the process-wide one unless a test gives its own. */
  database: () => Promise<DatabaseHandle>
}

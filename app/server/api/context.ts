import type { DatabaseHandle } from '~/db/client.server'
import type { SessionRow, UserRow } from '~/server/auth/sessions.server'
import type { Mailer } from '~/server/services/auth/mailer'

/** Per-request values the API middleware puts on the Hono context. */
export interface ApiEnv {
  Variables: {
    database: DatabaseHandle
    mailer: Mailer
    now: Date
    /** The signed-in session and its user, when the cookie names a live session. */
    auth: { session: SessionRow; user: UserRow } | undefined
  }
}

export interface ApiDependencies {
  /** The database every handler uses; the process-wide one unless a test gives its own. */
  database: () => Promise<DatabaseHandle>
  /** The time: services never read the clock themselves (DESIGN §4). */
  clock: () => Date
  /** Outbox plus delivery by default; tests keep mail in the outbox to read the codes. */
  mailer: (database: DatabaseHandle) => Mailer
}

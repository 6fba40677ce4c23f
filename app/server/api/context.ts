import type { DatabaseHandle } from '~/db/client.server'
import type { SessionRow, UserRow } from '~/server/auth/sessions.server'
import type { DoorProviders } from '~/server/providers/doors/door-provider'
import type { PaymentServices } from '~/server/providers/payments/sandbox-providers.server'
import type { Mailer } from '~/server/services/auth/mailer'
import type { FileStorage } from '~/server/storage/file-storage.server'

/** Per-request values the API middleware puts on the Hono context. */
export interface ApiEnv {
  Variables: {
    database: DatabaseHandle
    mailer: Mailer
    /** Uploaded files (photos, logos): disk under DATA_DIR, or memory (ADR 022). */
    storage: FileStorage
    /** Charging, and saving cards and bank accounts: the sandboxes until provider keys exist. */
    payments: PaymentServices
    /** Door systems (ADR 029): the sandbox until Kisi keys exist. */
    doors: DoorProviders
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
  /** Where uploads are kept; tests give each API a memory store of its own. */
  storage: () => FileStorage
  /** The payment providers over the request's database; tests may give faulty ones. */
  payments: (database: DatabaseHandle) => PaymentServices
  /** The door adapters over the request's database. */
  doors: (database: DatabaseHandle) => DoorProviders
}

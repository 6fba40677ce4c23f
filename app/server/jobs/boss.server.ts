import type { Pool } from 'pg'
import { type Db as BossDb, type ConstructorOptions, fromPglite, PgBoss } from 'pg-boss'
import { withAdvisoryLock } from '~/db/advisory-lock.server'
import type { DatabaseHandle } from '~/db/client.server'
import { logger } from '~/server/logger.server'

/**
 * pg-boss on the application's own database (DESIGN §3): PGlite through pg-boss's PGlite adapter,
 * PostgreSQL through the application's node-postgres pool. pg-boss keeps its tables in its own
 * `pgboss` schema and installs or migrates them itself on start.
 *
 * One instance per database per process, memoised on the database client (not on the handle object,
 * which callers may rebuild around the same client). On globalThis, like the database itself: Vite's dev
 * server re-evaluates modules, and two instances would both poll and supervise.
 */
type DatabaseClient = object

declare global {
  var gymbaseBosses: Map<DatabaseClient, Promise<PgBoss>> | undefined
}

function bosses(): Map<DatabaseClient, Promise<PgBoss>> {
  globalThis.gymbaseBosses ??= new Map()
  return globalThis.gymbaseBosses
}

function clientOf(handle: DatabaseHandle): DatabaseClient {
  return handle.driver.kind === 'pglite' ? handle.driver.pglite : handle.driver.pool
}

/**
 * pg-boss's own driver does exactly this (`pool.query(text, values)`): statements with parameters go
 * through the extended protocol, parameterless multi-statement blocks through the simple one. Sharing
 * the pool keeps one set of connections per process.
 */
function fromPool(pool: Pool): BossDb {
  return { executeSql: (text, values) => pool.query(text, values) }
}

function bossOptions(handle: DatabaseHandle): ConstructorOptions {
  if (handle.driver.kind === 'pglite') {
    return { db: fromPglite(handle.driver.pglite), backend: 'pglite' }
  }
  return { db: fromPool(handle.driver.pool) }
}

/**
 * pg-boss reports through events and never writes to the console itself. Errors go to our log with
 * their message only: an error object can carry SQL parameters, and job data may hold addresses.
 * Warnings (slow queries, backlogs) are operational noise at debug level.
 */
function attachLogging(boss: PgBoss): void {
  boss.on('error', (error) => {
    logger.error({ err: { name: error.name, message: error.message } }, 'pg-boss error')
  })
  boss.on('warning', (warning) => {
    logger.debug({ warning: warning.message }, 'pg-boss warning')
  })
}

/** The started pg-boss of this database, started on first call. A failed start is forgotten so a later call retries. */
export function getBoss(handle: DatabaseHandle): Promise<PgBoss> {
  const key = clientOf(handle)
  const running = bosses().get(key)
  if (running) return running
  const starting = (async () => {
    const started = performance.now()
    const boss = new PgBoss(bossOptions(handle))
    attachLogging(boss)
    // pg-boss installs its schema on first start with a plain `create schema`: processes of a cluster
    // starting together would race on it (a duplicate key error in all but one). One start at a time.
    await withAdvisoryLock(handle, 'jobQueueStart', () => boss.start())
    logger.info(
      { database: handle.driver.kind, ms: Math.round(performance.now() - started) },
      'job queue started',
    )
    return boss
  })()
  starting.catch(() => {
    if (bosses().get(key) === starting) bosses().delete(key)
  })
  bosses().set(key, starting)
  return starting
}

/** The pg-boss already started (or starting) in this process for this database, without starting one. */
export function runningBoss(handle: DatabaseHandle): Promise<PgBoss> | undefined {
  return bosses().get(clientOf(handle))
}

/**
 * Stops this database's pg-boss, or every one in the process without a handle: workers finish their
 * current job (up to `timeoutMs`), timers stop. The database itself stays open (it is not pg-boss's).
 */
export async function stopBoss(handle?: DatabaseHandle, { timeoutMs = 10_000 } = {}): Promise<void> {
  const entries = handle
    ? [[clientOf(handle), bosses().get(clientOf(handle))] as const]
    : [...bosses().entries()]
  await Promise.all(
    entries.map(async ([key, starting]) => {
      if (!starting) return
      bosses().delete(key)
      const boss = await starting.catch(() => undefined)
      await boss?.stop({ graceful: true, close: true, timeout: timeoutMs })
    }),
  )
}

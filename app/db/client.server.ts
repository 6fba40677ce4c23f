import { mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { Pool } from 'pg'
import { getEnv } from '~/lib/env.server'
import { withAdvisoryLock } from './advisory-lock.server'
import { buildTemplateFolder, copyDatabaseTemplate } from './database-template.server'
import { closeUntakenEarlyPglite, takeEarlyPglite } from './early-pglite'
import { migrationsFolder, pgliteExtensions } from './pglite-setup.server'
import * as schema from './schema'

export type Schema = typeof schema

/**
 * What `db.execute(sql…)` resolves to on either driver. node-postgres and PGlite both return an object
 * with `rows`; naming only that keeps raw queries usable without knowing the driver.
 */
export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>
}

export interface QueryRows<TRow> {
  rows: TRow[]
}

/** The Drizzle database, whichever driver is underneath. A transaction (`tx`) is one too. */
export type Db = PgDatabase<DbQueryResultHKT, Schema>

export type DatabaseDriver = { kind: 'pglite'; pglite: PGlite } | { kind: 'pg'; pool: Pool }

export interface DatabaseHandle {
  db: Db
  driver: DatabaseDriver
  close(): Promise<void>
}

export interface OpenDatabaseOptions {
  /** `postgres://…`: use node-postgres against a real PostgreSQL. */
  url?: string
  /** PGlite data folder (created if missing), or `memory://` for a throw-away database. Default: memory. */
  dataDir?: string
}

export { migrationsFolder, pgliteExtensions }

export function databaseFromPglite(pglite: PGlite): DatabaseHandle {
  return {
    db: drizzlePglite({ client: pglite, schema }),
    driver: { kind: 'pglite', pglite },
    close: () => pglite.close(),
  }
}

export function databaseFromPool(pool: Pool): DatabaseHandle {
  // An idle connection that drops (server restart, network) is reported here; without a listener
  // node-postgres would crash the process. The pool replaces the connection on the next query.
  pool.on('error', (error) => console.error('PostgreSQL idle connection error:', error))
  return {
    db: drizzleNodePg({ client: pool, schema }),
    driver: { kind: 'pg', pool },
    close: () => pool.end(),
  }
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    await closeUntakenEarlyPglite()
    return databaseFromPool(new Pool({ connectionString: options.url }))
  }
  const dataDir = options.dataDir ?? 'memory://'
  if (dataDir.startsWith('memory://')) {
    return databaseFromPglite(await PGlite.create(dataDir, { extensions: pgliteExtensions }))
  }
  // `npm start` began opening it while the bundle loaded (ADR 055).
  const early = takeEarlyPglite(dataDir)
  if (early) return databaseFromPglite(await early)
  await closeUntakenEarlyPglite()
  // PGlite does not create missing parent folders itself.
  mkdirSync(dataDir, { recursive: true })
  // A new data folder starts as a copy of the build's migrated template when there is one for these
  // migrations (ADR 054, 055: initdb and 36 migrations were most of the first start).
  if (readdirSync(dataDir).length === 0) await copyDatabaseTemplate(buildTemplateFolder(), dataDir)
  return databaseFromPglite(await PGlite.create(dataDir, { extensions: pgliteExtensions }))
}

/**
 * Applies the pending migrations in `drizzle/`; already applied ones are skipped. Under a lock (ADR 052):
 * the processes of a cluster start together, and two migrators reading the same "not applied yet" would
 * both run a migration, the second failing on what the first created.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() }
  const { driver } = handle
  // Each migrator wants its own driver's database type, so wrap the raw client again (cheap: no I/O).
  if (driver.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: driver.pglite }), config)
  } else {
    await withAdvisoryLock(handle, 'migrations', () =>
      migrateNodePg(drizzleNodePg({ client: driver.pool }), config),
    )
  }
}

/** Where the configured database lives: DATABASE_URL, else a PGlite folder inside DATA_DIR. */
export function databaseOptionsFromEnv(): OpenDatabaseOptions {
  const env = getEnv()
  if (env.DATABASE_URL) return { url: env.DATABASE_URL }
  // A subfolder, because DATA_DIR also holds uploaded files.
  if (env.DATA_DIR.startsWith('memory://')) return { dataDir: env.DATA_DIR }
  return { dataDir: join(env.DATA_DIR, 'pglite') }
}

declare global {
  // On globalThis rather than in module scope: Vite's dev server re-evaluates modules on change, and a
  // second PGlite opened on the same folder would corrupt it.
  var gymbaseDatabase: Promise<DatabaseHandle> | undefined
}

/** The process-wide database, opened and migrated on first use. */
export function getDatabase(): Promise<DatabaseHandle> {
  if (!globalThis.gymbaseDatabase) {
    const opening = (async () => {
      const handle = await openDatabase(databaseOptionsFromEnv())
      try {
        await migrateDatabase(handle)
      } catch (error) {
        await handle.close()
        throw error
      }
      return handle
    })()
    // Forget a failed attempt so the next call can try again.
    opening.catch(() => {
      if (globalThis.gymbaseDatabase === opening) globalThis.gymbaseDatabase = undefined
    })
    globalThis.gymbaseDatabase = opening
  }
  return globalThis.gymbaseDatabase
}

export async function closeDatabase(): Promise<void> {
  const opening = globalThis.gymbaseDatabase
  if (!opening) return
  globalThis.gymbaseDatabase = undefined
  const handle = await opening.catch(() => undefined)
  await handle?.close()
}

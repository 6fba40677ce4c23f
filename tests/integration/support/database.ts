import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Pool } from 'pg'
import { afterAll, beforeAll, describe } from 'vitest'
import {
  type DatabaseDriver,
  type DatabaseHandle,
  type Db,
  databaseFromPglite,
  databaseFromPool,
  migrateDatabase,
  pgliteExtensions,
} from '~/db/client.server'
import { readDatabaseTemplate, writeDatabaseTemplate } from '~/db/database-template.server'

export type TestDatabaseKind = 'pglite' | 'pg'

export interface TestDatabase {
  kind: TestDatabaseKind
  db: Db
  driver: DatabaseDriver
  /** Closes the connection and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>
}

/** PGlite always; PostgreSQL as well when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'pg'] : ['pglite']
}

// One migrated PGlite kept as a data-folder tarball (the server's database template, ADR 054): loading it
// into a new PGlite (≈0.6 s) skips initdb and the migrations (≈3.5 s). Vitest runs each test file in a
// fresh module graph, so the tarball is also cached on disk, keyed by the migrations and the PGlite
// version, and built by whichever file needs it first. (`PGlite#clone()` does the same in memory but
// dumps its source again on every call.)
let pgliteTemplate: Promise<Blob> | undefined
const templateCache = join(process.cwd(), 'node_modules/.cache/gymbase')

function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () =>
    readDatabaseTemplate(templateCache) ?? (await writeDatabaseTemplate(templateCache)))()
  return pgliteTemplate
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  const pglite = await PGlite.create({
    loadDataDir: await migratedPgliteTemplate(),
    extensions: pgliteExtensions,
  })
  return withDestroy('pglite', databaseFromPglite(pglite), async () => {})
}

/**
 * A new database next to the one TEST_DATABASE_URL names (that one is only used to create and drop
 * databases), migrated from scratch: on PostgreSQL that takes a fraction of a second.
 */
async function createPostgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `gymbase_t_${randomBytes(6).toString('hex')}`
  const admin = new Pool({ connectionString: adminUrl, max: 1 })
  try {
    await admin.query(`create database ${name}`)
  } catch (error) {
    await admin.end()
    throw error
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const handle = databaseFromPool(new Pool({ connectionString: url.toString() }))
  const dropDatabase = async () => {
    try {
      // `pool.end()` resolves before its connections have closed: let them go before forcing the drop,
      // or the forced one ends them and their pool reports an idle-connection error mid-test.
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const dropped = await admin.query(`drop database if exists ${name}`).then(
          () => true,
          () => false,
        )
        if (dropped) return
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      await admin.query(`drop database if exists ${name} with (force)`)
    } finally {
      await admin.end()
    }
  }
  try {
    await migrateDatabase(handle)
  } catch (error) {
    await handle.close()
    await dropDatabase()
    throw error
  }
  return withDestroy('pg', handle, dropDatabase)
}

function withDestroy(
  kind: TestDatabaseKind,
  handle: DatabaseHandle,
  afterClose: () => Promise<void>,
): TestDatabase {
  let destroyed = false
  return {
    kind,
    db: handle.db,
    driver: handle.driver,
    async destroy() {
      if (destroyed) return
      destroyed = true
      try {
        await handle.close()
      } finally {
        await afterClose()
      }
    },
  }
}

/** A fresh, migrated, empty database. Call `destroy()` when done (see `describeEachDatabase`). */
export async function createTestDatabase(options: { kind?: TestDatabaseKind } = {}): Promise<TestDatabase> {
  const kind = options.kind ?? 'pglite'
  if (kind === 'pglite') return createPgliteDatabase()
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set, so there is no PostgreSQL to test on')
  return createPostgresDatabase(adminUrl)
}

/** Read inside tests and hooks of a `describeEachDatabase` block. */
export interface TestDatabaseContext {
  readonly kind: TestDatabaseKind
  readonly db: Db
  readonly driver: DatabaseDriver
}

/**
 * `describe` once per database kind (`name [pglite]`, `name [pg]`), each block with its own fresh
 * database created before its tests and destroyed after them. Tests in a block share that database.
 */
export function describeEachDatabase(name: string, fn: (context: TestDatabaseContext) => void): void {
  for (const kind of testDatabaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let database: TestDatabase | undefined
      const current = (): TestDatabase => {
        if (!database) throw new Error('The test database is only available inside tests and hooks')
        return database
      }
      beforeAll(async () => {
        database = await createTestDatabase({ kind })
      })
      afterAll(async () => {
        await database?.destroy()
        database = undefined
      })
      fn({
        kind,
        get db() {
          return current().db
        },
        get driver() {
          return current().driver
        },
      })
    })
  }
}

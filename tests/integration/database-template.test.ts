import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import {
  databaseFromPglite,
  migrateDatabase,
  migrationsFolder,
  openDatabase,
  pgliteExtensions,
} from '~/db/client.server'
import {
  copyDatabaseTemplate,
  databaseTemplateDataDir,
  databaseTemplateFile,
  readDatabaseTemplate,
  writeDatabaseTemplate,
  writeDatabaseTemplateDataDir,
} from '~/db/database-template.server'
import { provideEarlyPglite } from '~/db/early-pglite'

/** The first start's database template (ADR 054): named by the migrations, restored whole. */
const folder = mkdtempSync(join(tmpdir(), 'gymbase-template-test-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const journal: { entries: unknown[] } = JSON.parse(
  readFileSync(join(migrationsFolder(), 'meta/_journal.json'), 'utf8'),
)

it('restores a database with every migration applied, so migrating it again changes nothing', async () => {
  expect(readDatabaseTemplate(folder)).toBeUndefined()
  await writeDatabaseTemplate(folder)
  const template = readDatabaseTemplate(folder)
  expect(template).toBeDefined()
  const pglite = await PGlite.create({ loadDataDir: template, extensions: pgliteExtensions })
  const handle = databaseFromPglite(pglite)
  try {
    const applied = async () =>
      (
        await handle.db.execute<{ n: number }>(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )
      ).rows[0]?.n
    expect(await applied()).toBe(journal.entries.length)
    await migrateDatabase(handle)
    expect(await applied()).toBe(journal.entries.length)
    // The schema is there: a table of the last migrations answers, empty.
    const organisations = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from organisations`,
    )
    expect(organisations.rows[0]?.n).toBe(0)
  } finally {
    await handle.close()
  }
})

it('finds no template made for other migrations (the name is their hash)', () => {
  const file = databaseTemplateFile(folder)
  expect(basename(file)).toMatch(/^pglite-[0-9a-f]{16}\.tar$/)
  const other = mkdtempSync(join(tmpdir(), 'gymbase-template-test-'))
  try {
    copyFileSync(file, join(other, 'pglite-0000000000000000.tar'))
    expect(readDatabaseTemplate(other)).toBeUndefined()
  } finally {
    rmSync(other, { recursive: true, force: true })
  }
})

/** How many migrations the database behind `pglite` has recorded as applied. */
async function appliedMigrations(pglite: PGlite): Promise<number | undefined> {
  const result = await pglite.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  )
  return result.rows[0]?.n
}

it('copies the build’s data-folder template into an empty data folder, which opens migrated (ADR 055)', async () => {
  const made = await writeDatabaseTemplateDataDir(folder)
  expect(made).toBe(databaseTemplateDataDir(folder))
  expect(basename(made)).toMatch(/^pglite-[0-9a-f]{16}$/)
  // Only the finished folder is left: no half-made one (`<name>.<pid>.<random>`) beside it.
  expect(readdirSync(folder).filter((name) => /^pglite-[0-9a-f]{16}\.\d+\./.test(name))).toEqual([])
  expect(readdirSync(made)).toContain('PG_VERSION')

  const dataDir = join(folder, 'copied')
  mkdirSync(dataDir)
  expect(await copyDatabaseTemplate(folder, dataDir)).toBe(true)
  const handle = databaseFromPglite(await PGlite.create(dataDir, { extensions: pgliteExtensions }))
  try {
    const { pglite } = handle.driver as { kind: 'pglite'; pglite: PGlite }
    expect(await appliedMigrations(pglite)).toBe(journal.entries.length)
    await migrateDatabase(handle)
    expect(await appliedMigrations(pglite)).toBe(journal.entries.length)
    // A write lands in the copy, never in the template it came from.
    await pglite.exec(`insert into organisations (name, slug) values ('Copy Gym', 'copy-gym')`)
  } finally {
    await handle.close()
  }
  const template = await PGlite.create(made, { extensions: pgliteExtensions })
  try {
    expect(
      (await template.query<{ n: number }>('select count(*)::int as n from organisations')).rows[0]?.n,
    ).toBe(0)
  } finally {
    await template.close()
  }
})

it('copies nothing when there is no data-folder template for these migrations', async () => {
  const other = mkdtempSync(join(tmpdir(), 'gymbase-template-test-'))
  try {
    const dataDir = join(other, 'data')
    mkdirSync(dataDir)
    expect(await copyDatabaseTemplate(other, dataDir)).toBe(false)
    expect(readdirSync(dataDir)).toEqual([])
  } finally {
    rmSync(other, { recursive: true, force: true })
  }
})

it('takes the PGlite `npm start` began opening for the same data folder, and only for that one', async () => {
  const dataDir = join(folder, 'early')
  mkdirSync(dataDir)
  await copyDatabaseTemplate(folder, dataDir)
  const early = PGlite.create(dataDir, { extensions: pgliteExtensions })
  provideEarlyPglite(dataDir, early)
  const handle = await openDatabase({ dataDir: join(folder, '.', 'early') })
  try {
    expect(handle.driver.kind === 'pglite' && handle.driver.pglite).toBe(await early)
    expect(globalThis.gymbaseEarlyPglite).toBeUndefined()
  } finally {
    await handle.close()
  }

  // Another folder: the early one is closed (never two PGlites on one folder), the other opened afresh.
  const unused = PGlite.create(dataDir, { extensions: pgliteExtensions })
  provideEarlyPglite(dataDir, unused)
  const elsewhere = join(folder, 'elsewhere')
  const other = await openDatabase({ dataDir: elsewhere })
  try {
    expect(other.driver.kind === 'pglite' && other.driver.pglite).not.toBe(await unused)
    expect((await unused).closed).toBe(true)
    expect(globalThis.gymbaseEarlyPglite).toBeUndefined()
  } finally {
    await other.close()
  }
})

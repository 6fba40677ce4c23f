import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import { databaseFromPglite, migrateDatabase, migrationsFolder, pgliteExtensions } from '~/db/client.server'
import {
  databaseTemplateFile,
  readDatabaseTemplate,
  writeDatabaseTemplate,
} from '~/db/database-template.server'

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

import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { copyFolderWhole } from './copy-folder'
import { databaseTemplateName } from './database-template-name'
import { migrationsFolder, pgliteExtensions } from './pglite-setup.server'

/**
 * A migrated embedded database, made once and copied or loaded wherever a new one is needed (ADR 054,
 * 055): `npm run build` makes it as a PGlite data folder, which the first start copies into its empty
 * data folder as plain files; the integration tests keep it as a tarball and load it into each PGlite
 * in memory. Either is named by a hash of the migrations and of PGlite's version, so a changed migration
 * (or PGlite) never restores a stale database: without a template of the current hash the database is
 * made and migrated as before.
 */

/** Where the server's template lives: beside the build it belongs to. */
export const buildTemplateFolder = () => join(process.cwd(), 'dist/database-template')

/** The template's tarball in `folder` for these migrations and this PGlite. */
export function databaseTemplateFile(folder: string): string {
  return join(folder, `${databaseTemplateName()}.tar`)
}

/** The template's data folder in `folder` for these migrations and this PGlite. */
export function databaseTemplateDataDir(folder: string): string {
  return join(folder, databaseTemplateName())
}

/** A name beside `path` no other process uses: written there, then renamed into place. */
function partialPathOf(path: string): string {
  return `${path}.${process.pid}.${randomBytes(4).toString('hex')}`
}

/** The tarball template of the current migrations in `folder`, if one was made. */
export function readDatabaseTemplate(folder: string): Blob | undefined {
  const file = databaseTemplateFile(folder)
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined
}

/** Makes the tarball template of the current migrations in `folder` (in memory, then one write) and answers it. */
export async function writeDatabaseTemplate(folder: string): Promise<Blob> {
  const pglite = await PGlite.create('memory://', { extensions: pgliteExtensions })
  const tarball = await (async () => {
    try {
      await migrate(drizzle({ client: pglite }), { migrationsFolder: migrationsFolder() })
      return await pglite.dumpDataDir('none')
    } finally {
      await pglite.close()
    }
  })()
  const file = databaseTemplateFile(folder)
  mkdirSync(dirname(file), { recursive: true })
  // Write then rename, so a process starting meanwhile (or a parallel test worker) never reads half a file.
  const partial = partialPathOf(file)
  writeFileSync(partial, new Uint8Array(await tarball.arrayBuffer()))
  renameSync(partial, file)
  return tarball
}

/**
 * Makes the data-folder template of the current migrations in `folder`: a PGlite on a folder of its
 * own, migrated and closed (a clean shut-down, so a copy opens without recovery), then renamed into
 * place whole. Answers the folder.
 */
export async function writeDatabaseTemplateDataDir(folder: string): Promise<string> {
  const target = databaseTemplateDataDir(folder)
  const partial = partialPathOf(target)
  mkdirSync(partial, { recursive: true })
  try {
    const pglite = await PGlite.create(partial, { extensions: pgliteExtensions })
    try {
      await migrate(drizzle({ client: pglite }), { migrationsFolder: migrationsFolder() })
    } finally {
      await pglite.close()
    }
    // A template of the same hash is the same database: keep whichever came first.
    rmSync(target, { recursive: true, force: true })
    renameSync(partial, target)
  } finally {
    rmSync(partial, { recursive: true, force: true })
  }
  return target
}

/**
 * Fills the empty folder `dataDir` with a copy of the data-folder template of the current migrations
 * in `folder` and answers true, or answers false when there is none (then PGlite makes the database).
 * Plain files, copied by the kernel several at a time and renamed into place whole: 40 MB in a fraction
 * of the time PGlite takes to unpack a tarball through its own file system.
 */
export async function copyDatabaseTemplate(folder: string, dataDir: string): Promise<boolean> {
  const template = databaseTemplateDataDir(folder)
  if (!existsSync(join(template, 'PG_VERSION'))) return false
  await copyFolderWhole(template, dataDir)
  return true
}

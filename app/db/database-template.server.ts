import { createHash, randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { migrationsFolder, pgliteExtensions } from './pglite-setup.server'

/**
 * A migrated embedded database kept as a PGlite data-folder tarball (ADR 054). Loading it into a new,
 * empty data folder (≈0.5 s) skips initdb and the migrations (≈3.5 s): `npm run build` writes it, the
 * first start restores it, the integration tests clone it. It is named by a hash of the migrations and
 * of PGlite's version, so a changed migration (or PGlite) never restores a stale database: without a
 * template of the current hash the database is made and migrated as before.
 */

/** Where the server's template lives: beside the build it belongs to. */
export const buildTemplateFolder = () => join(process.cwd(), 'dist/database-template')

/** The template's file in `folder` for these migrations and this PGlite. */
export function databaseTemplateFile(folder: string): string {
  const hash = createHash('sha256')
  // Its package.json is not in the package's exports map, so read the file rather than require it.
  hash.update(readFileSync(join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json')))
  const migrations = migrationsFolder()
  for (const file of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrations, file)
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path))
  }
  return join(folder, `pglite-${hash.digest('hex').slice(0, 16)}.tar`)
}

/** The template of the current migrations in `folder`, if one was made. */
export function readDatabaseTemplate(folder: string): Blob | undefined {
  const file = databaseTemplateFile(folder)
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined
}

/** Makes the template of the current migrations in `folder` (in memory, then one write) and answers it. */
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
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(partial, new Uint8Array(await tarball.arrayBuffer()))
  renameSync(partial, file)
  return tarball
}

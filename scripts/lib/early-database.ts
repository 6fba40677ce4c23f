/**
 * `npm start` on the embedded database (ADR 055): the data folder is filled from the build's template
 * and PGlite starts opening it before the server bundle is loaded, so the copy (the kernel's) and the
 * WebAssembly compile (V8's threads) overlap the bundle's loading instead of following it. The server
 * takes the open PGlite in `openDatabase` (app/db/early-pglite.ts). Plain Node: only Node's and
 * PGlite's imports, and app modules that have none of their own.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { copyFolderWhole } from '../../app/db/copy-folder.ts'
import { databaseTemplateName } from '../../app/db/database-template-name.ts'
import { provideEarlyPglite } from '../../app/db/early-pglite.ts'
import { pgliteExtensions } from '../../app/db/pglite-setup.server.ts'

/** As app/lib/env.server.ts and `databaseOptionsFromEnv` read them: nothing to do on PostgreSQL or in memory. */
export function openDatabaseEarly(): void {
  if (process.env.DATABASE_URL) return
  const dataRoot = process.env.DATA_DIR ?? '.data'
  if (dataRoot.startsWith('memory://')) return
  const dataDir = join(dataRoot, 'pglite')
  const opening = (async () => {
    mkdirSync(dataDir, { recursive: true })
    if (readdirSync(dataDir).length === 0) {
      const template = join(process.cwd(), 'dist/database-template', databaseTemplateName())
      if (existsSync(join(template, 'PG_VERSION'))) await copyFolderWhole(template, dataDir)
    }
    return PGlite.create(dataDir, { extensions: pgliteExtensions })
  })()
  provideEarlyPglite(dataDir, opening)
}

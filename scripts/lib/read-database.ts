/**
 * The configured database opened for reading by a script that runs next to the server (`npm run mail`,
 * `npm run doors:tap` reading a sign-in code). On PostgreSQL: the database itself. On the embedded
 * database: a copy of the data folder, because PGlite is single-process and opening the folder a running
 * server uses would damage it, while committed data is already on disk and a copy sees it.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type DatabaseHandle, databaseOptionsFromEnv, openDatabase } from '~/db/client.server'

/** The database and a function that releases it (and any copy), or why there is none, in words. */
export async function openDatabaseForReading(
  copyPrefix: string,
): Promise<{ handle: DatabaseHandle; release: () => Promise<void> } | string> {
  const target = databaseOptionsFromEnv()
  if (target.url) {
    const handle = await openDatabase({ url: target.url })
    return { handle, release: () => handle.close() }
  }
  const dataDir = target.dataDir ?? 'memory://'
  if (dataDir.startsWith('memory://')) {
    return 'DATA_DIR is memory://: the database lives only inside the server process.'
  }
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    return `There is no embedded database at ${dataDir} yet: start the server (npm run dev or npm start) first.`
  }
  const copy = mkdtempSync(join(tmpdir(), copyPrefix))
  const removeCopy = () => rmSync(copy, { recursive: true, force: true })
  try {
    cpSync(dataDir, copy, { recursive: true })
    const handle = await openDatabase({ dataDir: copy })
    return {
      handle,
      release: async () => {
        await handle.close()
        removeCopy()
      },
    }
  } catch (error) {
    removeCopy()
    throw error
  }
}

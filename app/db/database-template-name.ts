import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

/**
 * The database template's name, `pglite-<hash>`: a hash of every file in `drizzle/` and of PGlite's
 * version, so a changed migration (or PGlite) never finds a stale template (ADR 054). No imports but
 * Node's: `npm start` reads it before the server bundle is loaded (scripts/lib/early-database.ts).
 */
export function databaseTemplateName(root = process.cwd()): string {
  const hash = createHash('sha256')
  // Its package.json is not in the package's exports map, so read the file rather than require it.
  hash.update(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json')))
  const migrations = resolve(root, 'drizzle')
  for (const file of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrations, file)
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path))
  }
  return `pglite-${hash.digest('hex').slice(0, 16)}`
}

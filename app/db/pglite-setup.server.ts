import { resolve } from 'node:path'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/** The extensions every embedded database is opened with (the trigram index needs `pg_trgm`). */
export const pgliteExtensions = { pg_trgm }

/** Resolved from the working directory, the project root under every npm script, vitest and the server. */
export function migrationsFolder(): string {
  return resolve(process.cwd(), 'drizzle')
}

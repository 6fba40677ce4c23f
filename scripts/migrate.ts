/**
 * `npm run db:migrate`: apply pending migrations to the configured database (DATABASE_URL, else the
 * PGlite folder in DATA_DIR) and exit. The server also migrates at start-up; this is for deploys that
 * migrate as a separate step.
 */
import { closeDatabase, databaseOptionsFromEnv, getDatabase } from '~/db/client.server'

const started = performance.now()
const target = databaseOptionsFromEnv()
try {
  await getDatabase()
  const where = target.url ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${target.dataDir}`
  console.info(`Migrations applied to ${where} in ${Math.round(performance.now() - started)} ms`)
} catch (error) {
  console.error('Migration failed:', error)
  process.exitCode = 1
} finally {
  await closeDatabase()
}

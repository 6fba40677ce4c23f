import { getDatabase } from '~/db/client.server'
import { getEnv } from '~/lib/env.server'
import { logger } from './logger.server'

let booting: Promise<void> | undefined

/**
 * Everything the server needs before its first answer, done once per process: open the database
 * and apply migrations, then give an empty embedded database its demo data.
 */
export function boot(): Promise<void> {
  booting ??= run().catch((error: unknown) => {
    booting = undefined
    throw error
  })
  return booting
}

async function run() {
  const started = performance.now()
  const env = getEnv()
  const handle = await getDatabase()
  logger.info({ database: handle.driver.kind, ms: Math.round(performance.now() - started) }, 'database ready')
  if (handle.driver.kind === 'pglite' && env.SEED_DEMO) {
    const { seedDemoIfEmpty } = await import('./seed/seed-demo.server')
    const seeding = performance.now()
    const result = await seedDemoIfEmpty({ db: handle.db })
    if (result.seeded) logger.info({ ms: Math.round(performance.now() - seeding) }, 'seeded the demo data')
  }
}

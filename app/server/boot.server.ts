import { closeDatabase, type DatabaseHandle, getDatabase } from '~/db/client.server'
import { getEnv } from '~/lib/env.server'
import { logger } from './logger.server'

let booting: Promise<void> | undefined

/**
 * Everything the server needs before its first answer, done once per process: open the database
 * and apply migrations, give an empty embedded database its demo data, then start the job queue.
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
  // In the background: the first answer need not wait for pg-boss to install or start.
  void startJobs(handle, env.RUN_WORKERS)
}

/**
 * pg-boss in this process: with workers (mail delivery, …) unless RUN_WORKERS=false, when
 * `npm run worker` runs them and this process only enqueues. Not fatal: without it the server still
 * answers, and mail waits in the outbox for a worker's sweep.
 */
async function startJobs(handle: DatabaseHandle, runWorkers: boolean) {
  try {
    const { createQueues, startWorkers } = await import('./jobs/queues.server')
    if (runWorkers) {
      await startWorkers({ handle })
    } else {
      if (handle.driver.kind === 'pglite') {
        logger.warn('RUN_WORKERS=false on the embedded database: no process will deliver mail')
      }
      const { getBoss } = await import('./jobs/boss.server')
      await createQueues(await getBoss(handle))
    }
  } catch (error) {
    logger.error(
      { err: { message: error instanceof Error ? error.message : String(error) } },
      'could not start the job queue; mail stays in the outbox until a worker runs',
    )
  }
}

/** Stops the job queue gracefully and closes the database: the server's last act before exiting. */
export async function shutdown(): Promise<void> {
  const { stopBoss } = await import('./jobs/boss.server')
  await stopBoss().catch((error: unknown) => {
    logger.warn(
      { err: { message: error instanceof Error ? error.message : String(error) } },
      'job queue stop failed',
    )
  })
  await closeDatabase()
}

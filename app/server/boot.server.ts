import { withTryAdvisoryLock } from '~/db/advisory-lock.server'
import { closeDatabase, type DatabaseHandle, type Db, getDatabase } from '~/db/client.server'
import { getEnv } from '~/lib/env.server'
import { closeBackupChannel, openBackupChannel } from './backup/start-backup-channel.server'
import { startErrorReporting } from './error-reporting.server'
import { logger } from './logger.server'
import { getProviderConfig } from './providers/provider-config.server'
import { firstQuietMoment, requestsAnswered } from './requests-first.server'

let booting: Promise<void> | undefined
/** The demo seed's background part, while it runs: stopped and awaited on shutdown. */
let demoBackground: { stop(): void; finished: Promise<boolean> } | undefined

/**
 * Everything the server needs before its first answer, done once per process: open the database
 * and apply migrations, set an empty embedded database's demo up, then start the job queue. The demo's
 * members and year of history follow in the background (ADR 021), and so do the billing jobs after them.
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
  await startErrorReporting()
  // Which provider serves cards, bank payments and doors, from the keys alone (no provider is called):
  // a half-set or mistyped key stops start-up here with a ProviderConfigError naming the variable.
  const providers = getProviderConfig()
  logger.info(
    {
      cards: `${providers.cards.provider} (${providers.cards.mode})`,
      bank: `${providers.bank.provider} (${providers.bank.mode})`,
      doors: `${providers.doors.provider} (${providers.doors.mode})`,
    },
    'payment and door providers',
  )
  const handle = await getDatabase()
  logger.info({ database: handle.driver.kind, ms: Math.round(performance.now() - started) }, 'database ready')
  // `npm run backup` asks this process for a consistent copy of its embedded database (ADR 059).
  await openBackupChannel(handle, env.DATA_DIR)
  let billingAfter: Promise<boolean> | undefined
  if (env.SEED_DEMO && (handle.driver.kind === 'pglite' || env.SEED_DEMO_POSTGRES)) {
    const { seedDemoIfEmpty } = await import('./seed/seed-demo.server')
    const seeding = performance.now()
    // Under a lock of its own: processes of a cluster starting together wait for the first one's set-up
    // and then find the demo there (ADR 052).
    const result = await seedDemoIfEmpty({ db: handle.db })
    if (result.setUp) logger.info({ ms: Math.round(performance.now() - seeding) }, 'set the demo data up')
    if (result.backgroundPending) billingAfter = continueDemoInBackground(handle)
  }
  // In the background: the first answer need not wait for pg-boss to install or start.
  void startJobs(handle, env.RUN_WORKERS, billingAfter)
}

/**
 * Runs the rest of the demo seed (members, then the year of history) while the server answers. It
 * works in short steps on the one PGlite connection, so requests get in between; a failure is logged
 * and left for the next start to carry on from. Resolves whether the demo is whole.
 */
function continueDemoInBackground(handle: DatabaseHandle): Promise<boolean> {
  const db = handle.db
  let stopping = false
  const started = performance.now()
  const finished = (async () => {
    // The first visitor's requests go before the background's first step (ADR 055).
    await firstQuietMoment()
    if (stopping) return false
    const { continueDemoSeed } = await import('./seed/seed-demo.server')
    const { findDemoHistoryState } = await import('./services/demo/find-demo-history-state.server')
    // One process makes the history; in a cluster the others wait for it to be marked done, and take
    // it over (it is resumable) should the one making it die (ADR 052).
    let made = await withTryAdvisoryLock(handle, 'demoHistory', () =>
      continueDemoSeed({ db, shouldStop: () => stopping, requestsFirst: () => requestsAnswered() }),
    )
    while (!made.acquired) {
      if (stopping) return false
      if ((await findDemoHistoryState({ db })) !== 'in_progress') return true
      await new Promise((resolve) => setTimeout(resolve, 2000))
      made = await withTryAdvisoryLock(handle, 'demoHistory', () =>
        continueDemoSeed({ db, shouldStop: () => stopping, requestsFirst: () => requestsAnswered() }),
      )
    }
    const ms = Math.round(performance.now() - started)
    if (made.value.status === 'stopped') {
      logger.info({ ms }, 'demo history stopped; the next start carries on from here')
      return false
    }
    logger.info({ ms }, 'demo history made')
    return true
  })().catch((error: unknown) => {
    logger.error(
      { err: { message: error instanceof Error ? error.message : String(error) } },
      'the demo history failed; the next start carries on from its last step',
    )
    return false
  })
  demoBackground = { stop: () => (stopping = true), finished }
  void finished.then(() => (demoBackground = undefined))
  return finished
}

/**
 * Resolves true once the demo's history is marked made (by whichever process makes it), false when
 * `shouldStop` says so first. At once when there is no demo seed or it is whole.
 */
export async function waitForDemoHistory(options: { db: Db; shouldStop?: () => boolean }): Promise<boolean> {
  const { findDemoHistoryState } = await import('./services/demo/find-demo-history-state.server')
  const shouldStop = options.shouldStop ?? (() => false)
  try {
    while (!shouldStop()) {
      if ((await findDemoHistoryState({ db: options.db })) !== 'in_progress') return true
      await new Promise((resolve) => setTimeout(resolve, 2000))
    }
  } catch (error) {
    // Stopping closes the database under the wait; otherwise the question could not be answered.
    if (!shouldStop()) {
      logger.error(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        'could not tell whether the demo history is made; the billing jobs wait for the next start',
      )
    }
  }
  return false
}

/**
 * pg-boss in this process: with workers (mail delivery, …) unless RUN_WORKERS=false, when
 * `npm run worker` runs them and this process only enqueues. Not fatal: without it the server still
 * answers, and mail waits in the outbox for a worker's sweep.
 */
async function startJobs(handle: DatabaseHandle, runWorkers: boolean, billingAfter?: Promise<boolean>) {
  try {
    const { createQueues, startWorkers } = await import('./jobs/queues.server')
    if (runWorkers) {
      await startWorkers({ handle, billingAfter })
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
  // The demo seed stops at its next step (each leaves the demo resumable), before the database closes.
  if (demoBackground) {
    demoBackground.stop()
    await demoBackground.finished
  }
  const { stopBoss } = await import('./jobs/boss.server')
  await stopBoss().catch((error: unknown) => {
    logger.warn(
      { err: { message: error instanceof Error ? error.message : String(error) } },
      'job queue stop failed',
    )
  })
  await closeBackupChannel()
  await closeDatabase()
}

/**
 * `npm run worker`: the job workers (mail delivery, …) in a process of their own, for deployments where
 * the web processes run with RUN_WORKERS=false. Runs until SIGINT or SIGTERM, then lets the current jobs
 * finish (up to 10 s) and stops.
 *
 * PostgreSQL only: PGlite is single-process, and a second process on the folder a server uses would
 * damage it. With the embedded database the server runs the workers itself (RUN_WORKERS=true).
 */
import { closeDatabase, databaseOptionsFromEnv, getDatabase } from '~/db/client.server'
import { waitForDemoHistory } from '~/server/boot.server'
import { startErrorReporting } from '~/server/error-reporting.server'
import { stopBoss } from '~/server/jobs/boss.server'
import { startWorkers } from '~/server/jobs/queues.server'

if (!databaseOptionsFromEnv().url) {
  console.error(
    'npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database the server runs the workers itself: leave RUN_WORKERS=true.',
  )
  process.exit(1)
}

let stopping = false
async function stop(signal: string) {
  if (stopping) return
  stopping = true
  console.info(`${signal}: stopping the workers…`)
  // Should a stop hang, do not keep the process alive for it.
  setTimeout(() => process.exit(1), 20_000).unref()
  try {
    await stopBoss()
    await closeDatabase()
    console.info('Workers stopped.')
  } catch (error) {
    console.error('Stopping failed:', error)
    process.exitCode = 1
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal))

try {
  const handle = await getDatabase()
  await startErrorReporting()
  // While an app process makes the demo's history (SEED_DEMO_POSTGRES, ADR 052) with its own clock, a
  // billing run at the real time would cut into it: the billing jobs start once it is made.
  const { findDemoHistoryState } = await import('~/server/services/demo/find-demo-history-state.server')
  const demoPending = (await findDemoHistoryState({ db: handle.db })) === 'in_progress'
  await startWorkers({
    handle,
    billingAfter: demoPending ? waitForDemoHistory({ db: handle.db, shouldStop: () => stopping }) : undefined,
  })
  console.info('Workers running (mail delivery). Ctrl+C to stop.')
} catch (error) {
  console.error('Could not start the workers:', error)
  await stopBoss().catch(() => {})
  await closeDatabase()
  process.exitCode = 1
}

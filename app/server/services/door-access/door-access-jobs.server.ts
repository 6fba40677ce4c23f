import type { PgBoss, Queue } from 'pg-boss'
import type { DatabaseHandle } from '~/db/client.server'
import { reportingFailures } from '~/server/error-reporting.server'
import { runningBoss } from '~/server/jobs/boss.server'
import { logger } from '~/server/logger.server'
import { createDoorProviders } from '~/server/providers/doors/door-providers.server'
import { processDueDoorAccess } from './sync-door-access.server'

export const DOOR_ACCESS_QUEUE = 'door-access.sync'

/**
 * Any number of runs, each quick when nothing is due: every change asks for one, and the lease on each
 * outbox row (ADR 029) keeps two runs from syncing the same person. Not `singleton`/`stately`: a run left
 * "active" by a server that stopped mid-run would then hold back every later one until it expired, and
 * the doors would not follow payments for that long. A run that dies is retried; every step is
 * idempotent.
 */
export const doorAccessQueues: Queue[] = [
  {
    name: DOOR_ACCESS_QUEUE,
    policy: 'standard',
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 600,
    deleteAfterSeconds: 3600,
  },
]

/**
 * The access sync's worker: a run when something changed (`requestDoorAccessSync`) and one every minute,
 * for what changes by the calendar (a pause beginning at midnight) and for retries after a failure.
 */
export async function startDoorAccessWorkers(options: {
  boss: PgBoss
  handle: DatabaseHandle
  pollingIntervalSeconds: number
}) {
  const { boss, handle, pollingIntervalSeconds } = options
  const db = handle.db
  const providers = createDoorProviders({ db })
  await boss.work(
    DOOR_ACCESS_QUEUE,
    { pollingIntervalSeconds },
    reportingFailures(DOOR_ACCESS_QUEUE, async () => {
      const stats = await processDueDoorAccess({ db, providers, now: new Date() })
      if (stats.synced + stats.failed > 0) logger.info(stats, 'door access synced')
    }),
  )
  await boss.schedule(DOOR_ACCESS_QUEUE, '* * * * *')
  await boss.send(DOOR_ACCESS_QUEUE, null)
}

/**
 * Asks for a sync run now, when this process runs the job workers (after a change that may have queued
 * someone: the triggers of ADR 029 do the queueing, in the change's own transaction). Never throws: the
 * minute's run picks up anything a lost request leaves.
 *
 * Debounced per second (pg-boss's `sendDebounced`): the first request of a second makes a run at once;
 * later ones in that second make at most one more, starting when the second is over, so it reads what
 * they committed. A busy console asks for at most about two runs a second, not one per change.
 */
export function requestDoorAccessSync(handle: DatabaseHandle): void {
  const boss = runningBoss(handle)
  if (!boss) return
  boss
    .then((started) => started.sendDebounced(DOOR_ACCESS_QUEUE, null, null, 1))
    .catch((error: unknown) => {
      logger.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        'door access sync not requested',
      )
    })
}

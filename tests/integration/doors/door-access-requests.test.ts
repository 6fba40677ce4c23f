import { sql } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { getBoss, stopBoss } from '~/server/jobs/boss.server'
import { createQueues } from '~/server/jobs/queues.server'
import {
  DOOR_ACCESS_QUEUE,
  requestDoorAccessSync,
} from '~/server/services/door-access/door-access-jobs.server'
import { describeEachDatabase } from '../support/database'

/**
 * Every successful change in the console asks for a door-access run (ADR 029). A burst of changes must
 * not become a burst of runs, and a change made after a run must still get a run of its own (a run that
 * started before it committed would not have seen it).
 */
describeEachDatabase('door access sync requests', (database) => {
  const handle = (): DatabaseHandle => ({
    db: database.db,
    driver: database.driver,
    close: async () => {},
  })

  afterAll(async () => {
    await stopBoss(handle())
  })

  const runs = async () => {
    const rows = await database.db.execute<{ id: string; start_after: number | string }>(
      sql`select id, extract(epoch from start_after) as start_after from pgboss.job
        where name = ${DOOR_ACCESS_QUEUE} order by created_on`,
    )
    return rows.rows.map((row) => ({ id: row.id, startAfter: Number(row.start_after) }))
  }

  /** Waits until the queue's job count has stopped changing (the requests are sent in the background). */
  const settled = async () => {
    let last = -1
    for (let attempt = 0; attempt < 100; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 150))
      const count = (await runs()).length
      if (count === last && count > 0) return
      last = count
    }
  }

  it('a burst of changes asks for at most two runs a second, the later one after the second is over', async () => {
    // No workers: the jobs stay queued, so the test reads exactly what was asked for.
    const boss = await getBoss(handle())
    await createQueues(boss)
    await database.db.execute(sql`delete from pgboss.job where name = ${DOOR_ACCESS_QUEUE}`)

    const burstStarted = Date.now()
    for (let change = 0; change < 25; change += 1) requestDoorAccessSync(handle())
    await settled()
    // The seconds the burst's requests can have fallen in (on a loaded machine, more than one).
    const seconds = Math.ceil((Date.now() - burstStarted) / 1000) + 1

    const asked = await runs()
    expect(asked.length).toBeGreaterThanOrEqual(1)
    expect(asked.length).toBeLessThanOrEqual(Math.min(2 * seconds, 24))
    // Each later run starts after the one before it: it reads what the changes before it committed.
    for (const [index, run] of asked.entries()) {
      if (index > 0) expect(run.startAfter).toBeGreaterThan(asked[index - 1]?.startAfter ?? 0)
    }

    // A change in a later second (after those runs) asks for a run again.
    await new Promise((resolve) => setTimeout(resolve, 2100))
    requestDoorAccessSync(handle())
    await settled()
    expect((await runs()).length).toBe(asked.length + 1)
  }, 20_000)
})

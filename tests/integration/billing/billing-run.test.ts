import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withTryAdvisoryLock } from '~/db/advisory-lock.server'
import { openDatabase } from '~/db/client.server'
import { calendarDateAt } from '~/server/billing/calendar'
import { runDailyBilling } from '~/server/billing/engine/daily-run.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { createRandom } from '~/server/seed/random'
import type { Mailer } from '~/server/services/auth/mailer'
import {
  billingDayCounts,
  billingDayProblems,
  createPostgresDatabase,
  middayOf,
  type PostgresDatabase,
  prepareBillingDay,
  ScriptProcess,
  waitUntil,
} from '../support/billing-day'
import { bundleScript } from '../support/script-bundle'

const SEED = process.env.RUN_SEED ?? String(Date.now() % 1_000_000_000)
const DAY = '2026-03-02'
const RUN_SCRIPT = join(process.cwd(), 'scripts/billing-run.ts')

/** What a day of `count` memberships comes to (see `prepareBillingDay`): 7 in 10 paid, 1 declined, 2 pending. */
const expectedDay = (count: number) => ({ sent: 0.7 * count, failed: 0.1 * count, pending: 0.2 * count })

const mailer: Mailer = { send: async () => {}, sendMany: async () => {} }
const siteUrl = (_site: 'join' | 'console', path: string) => `http://console.localhost${path}`

/**
 * `npm run billing:run`'s script bundled by esbuild, as the chaos test bundles its child: under tsx a
 * process spends about a second loading its modules, and the kills are meant to land during the run.
 */
let runCommand: string[] = ['--import', 'tsx', RUN_SCRIPT]
let removeBundle = () => {}

beforeAll(async () => {
  const bundle = await bundleScript(RUN_SCRIPT)
  runCommand = bundle.command
  removeBundle = bundle.remove
}, 60_000)

afterAll(() => removeBundle())

const billingRun = (database: PostgresDatabase, now: Date) =>
  new ScriptProcess([...runCommand, '--now', now.toISOString()], { DATABASE_URL: database.url })

describe('the daily billing run under one lock [pg]', () => {
  let database: PostgresDatabase | undefined

  afterAll(async () => {
    await database?.drop()
  })

  it('started twice at once on two connections: exactly one works, the other says another run holds it', async () => {
    database = await createPostgresDatabase('gymbase_cluster_run')
    await prepareBillingDay(database.handle.db, { day: DAY, count: 40 })
    const [first, second] = [
      await openDatabase({ url: database.url }),
      await openDatabase({ url: database.url }),
    ]
    try {
      const now = middayOf(DAY)
      const results = await Promise.all(
        [first, second].map((handle) =>
          runDailyBilling({
            handle,
            providers: createSandboxProviders({ db: handle.db }),
            now,
            dunning: { mailer, siteUrl },
          }),
        ),
      )
      const worked = results.filter((result) => result.ran)
      const skipped = results.filter((result) => !result.ran)
      expect(worked).toHaveLength(1)
      expect(skipped).toEqual([
        { ran: false, day: DAY, reason: 'another billing run holds the lock', seconds: expect.any(Number) },
      ])
      expect(worked[0]).toMatchObject({ ran: true, day: DAY, charged: 28, failed: 4, pending: 8 })
      expect(await billingDayProblems(database.handle.db, DAY)).toEqual([])
      expect(await billingDayCounts(database.handle.db, DAY)).toEqual({ ...expectedDay(40), charges: 40 })
    } finally {
      await first.close()
      await second.close()
    }
  }, 60_000)
})

describe('npm run billing:run [pg]', () => {
  let database: PostgresDatabase | undefined

  afterAll(async () => {
    await database?.drop()
  })

  it('while another run holds the lock says so and exits 0; started again, does the day', async () => {
    database = await createPostgresDatabase('gymbase_cluster_cli')
    const db = database.handle.db
    await prepareBillingDay(db, { day: DAY, count: 30 })
    const current = database
    // As the server's own pg-boss job would, holding the lock for its run.
    const held = await withTryAdvisoryLock(current.handle, 'billingDailyRun', async () => {
      const run = billingRun(current, middayOf(DAY))
      await run.exited
      return run
    })
    if (!held.acquired) throw new Error('the test could not take the lock')
    expect(held.value.exit).toEqual({ code: 0, signal: null })
    expect(held.value.summary()).toMatchObject({
      ran: false,
      day: DAY,
      reason: 'another billing run holds the lock',
    })
    expect(await billingDayCounts(db, DAY)).toEqual({ sent: 0, failed: 0, pending: 0, charges: 0 })

    const again = billingRun(current, middayOf(DAY, 1))
    await again.exited
    expect(again.exit).toEqual({ code: 0, signal: null })
    expect(again.summary()).toMatchObject({ ran: true, day: DAY, charged: 21, failed: 3, pending: 6 })
    expect(await billingDayProblems(db, DAY)).toEqual([])
    expect(await billingDayCounts(db, DAY)).toEqual({ ...expectedDay(30), charges: 30 })
  }, 60_000)
})

describe('npm run billing:run under SIGKILL [pg]', () => {
  let database: PostgresDatabase | undefined

  afterAll(async () => {
    await database?.drop()
  })

  it('killed at random moments and started again, finishes the day without a second charge', async () => {
    database = await createPostgresDatabase('gymbase_cluster_kill')
    const current = database
    const db = current.handle.db
    const count = 200
    await prepareBillingDay(db, { day: DAY, count })
    const random = createRandom(`billing-run-${SEED}`)

    // How long a run takes to start and to finish here, so the kills spread over both.
    const probe = billingRun(current, middayOf('2026-02-20'))
    const probeStarted = performance.now()
    await probe.exited
    const startMs = performance.now() - probeStarted
    expect(probe.summary()).toMatchObject({ ran: true, charged: 0 })

    let killed = 0
    let interrupted = 0
    const runs = 12
    for (let run = 0; run < runs; run += 1) {
      const now = middayOf(DAY, run * 3)
      const width = random.chance(0.3) ? 2 : 1
      await Promise.all(
        Array.from({ length: width }, async () => {
          const process = billingRun(current, now)
          await Promise.race([
            sleep(random.int(Math.round(startMs * 0.6), Math.round(startMs * 1.6))),
            process.exited,
          ])
          if (!process.exit) interrupted += 1
          await process.stop('SIGKILL')
          killed += 1
          // A run that finished before its kill must have finished well.
          if (process.exit?.signal === null) expect(process.exit.code).toBe(0)
        }),
      )
    }
    const charged = (await billingDayCounts(db, DAY)).sent
    console.info(
      `billing:run seed ${SEED}: ${killed} runs SIGKILLed (${interrupted} before they finished; ${charged} of ${count} payments sent by then); a run takes ${Math.round(startMs)} ms from its start`,
    )
    expect(interrupted).toBeGreaterThanOrEqual(6)

    // The restart, late enough that what the killed runs left in doubt is settled by asking the provider.
    const last = billingRun(current, middayOf(DAY, runs * 3 + 3))
    await last.exited
    expect(last.exit).toEqual({ code: 0, signal: null })
    expect(last.summary()).toMatchObject({ ran: true, day: DAY })
    expect(await billingDayProblems(db, DAY)).toEqual([])
    expect(await billingDayCounts(db, DAY)).toEqual({ ...expectedDay(count), charges: count })
  }, 180_000)
})

describe('two job workers started together [pg]', () => {
  let database: PostgresDatabase | undefined
  const workers: ScriptProcess[] = []

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop('SIGKILL')))
    await database?.drop()
  })

  it('run a billing day with every due payment charged once', async () => {
    database = await createPostgresDatabase('gymbase_cluster_workers')
    const db = database.handle.db
    // The workers' job bills by the real clock: the payments are due today.
    const today = calendarDateAt(new Date())
    const count = 60
    await prepareBillingDay(db, { day: today, count })

    for (let index = 0; index < 2; index += 1) {
      workers.push(
        new ScriptProcess(['--import', 'tsx', 'scripts/worker.ts'], {
          DATABASE_URL: database.url,
          LOG_LEVEL: 'info',
        }),
      )
    }
    const settled = async () => {
      const counts = await billingDayCounts(db, today)
      return counts.sent + counts.failed + counts.pending === count
    }
    await waitUntil(settled, 90_000, () => workers.map((worker) => worker.stderr).join('\n'))
    // Both workers queued a daily run at start (and pg-boss ran them one after the other): wait for both.
    await waitUntil(
      async () => {
        const jobs = await db.execute<{ count: number }>(
          sql`select count(*)::int as count from pgboss.job where name = 'billing.daily' and state = 'completed'`,
        )
        return (jobs.rows[0]?.count ?? 0) >= 2
      },
      60_000,
      () => 'the two daily runs did not complete',
    )
    expect(await billingDayProblems(db, today)).toEqual([])
    expect(await billingDayCounts(db, today)).toEqual({ ...expectedDay(count), charges: count })
    const finished = workers.flatMap((worker) =>
      worker.stdout.split('\n').filter((line) => line.includes('"msg":"billing run finished"')),
    )
    // Whichever ran first did the day; the other found nothing left (or the lock held) and charged no one.
    const charges = finished.map((line) => JSON.parse(line).charged as number)
    expect(charges.reduce((sum, value) => sum + value, 0)).toBe(expectedDay(count).sent)
  }, 180_000)
})

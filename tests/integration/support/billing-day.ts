/**
 * A billing day on a throw-away PostgreSQL database, for the tests of ADR 052 (one run however many
 * processes): memberships owing a payment on `day`, processes that run against the database, and the
 * checks that nobody was charged twice and nothing due was left.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { type SQL, sql } from 'drizzle-orm'
import { Pool } from 'pg'
import { type DatabaseHandle, type Db, migrateDatabase, openDatabase } from '~/db/client.server'
import { addDays } from '~/server/billing/calendar'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import { testBankAccountNumber } from '../../factories/bank-account'
import { createSubscribedTestMember, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation } from '../../factories/organisation-factory'

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres'

/** Midday in Auckland on a calendar day, plus some minutes. */
export const middayOf = (day: string, minutes = 0) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + minutes * 60_000)

export interface PostgresDatabase {
  url: string
  handle: DatabaseHandle
  drop(): Promise<void>
}

/** A migrated database on TEST_DATABASE_URL's server, else the local one every project machine runs. */
export async function createPostgresDatabase(prefix: string): Promise<PostgresDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = new Pool({ connectionString: adminUrl, max: 1 })
  await admin.query(`create database ${name}`)
  const target = new URL(adminUrl)
  target.pathname = `/${name}`
  const url = target.toString()
  const handle = await openDatabase({ url })
  await migrateDatabase(handle)
  return {
    url,
    handle,
    async drop() {
      await handle.close()
      // `pool.end()` resolves before its connections have closed: let them go before forcing the drop,
      // or the forced one ends them and their pool reports an idle-connection error.
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const dropped = await admin.query(`drop database if exists ${name}`).then(
          () => true,
          () => false,
        )
        if (dropped) break
        await sleep(100)
      }
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

/**
 * `count` memberships of a daily price, all owing their first payment on `day`: i % 10 of 0–6 pay by a
 * card that succeeds, 7 by one that is declined, 8–9 from a bank account that the sandbox bank pays.
 */
export async function prepareBillingDay(db: Db, options: { day: string; count: number }) {
  const { day, count } = options
  const created = middayOf(addDays(day, -8))
  const org = await createTestOrganisation({ db, now: created, name: 'Cluster Fitness' })
  const gymId = org.gyms[0]?.id ?? 0
  const { price } = await createTestPrice({
    db,
    organisationId: org.organisation.id,
    gymIds: [gymId],
    billingFrequency: 'daily',
    amount: 1500,
    now: created,
  })
  const startDate = addDays(day, -1)
  for (let index = 0; index < count; index += 1) {
    const slot = index % 10
    const pays =
      slot <= 7
        ? { card: slot === 7 ? '0002' : '4242' }
        : { bankAccount: testBankAccountNumber({ index, suffix: '091' }) }
    await createSubscribedTestMember({
      db,
      organisation: org,
      priceId: price.id,
      startDate,
      now: middayOf(startDate),
      seed: `cluster-${index}`,
      pays: [pays],
    })
  }
  // The day before: every membership's payment for `day` appears.
  await advanceSubscriptions({ db, now: middayOf(startDate) })
}

async function rows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows
}

/** Every broken promise of "one charge per payment, nothing due left" as a line; none is a clean day. */
export async function billingDayProblems(db: Db, today: string): Promise<string[]> {
  const problems: string[] = []
  const report = (label: string, found: unknown[]) => {
    if (found.length > 0) problems.push(`${label}: ${JSON.stringify(found.slice(0, 5))} (${found.length})`)
  }
  report(
    'due payments never charged',
    await rows(db, sql`select id, due_on from payments where status = 'upcoming' and due_on <= ${today}`),
  )
  report(
    'attempts left started',
    await rows(db, sql`select payment_id, attempt from payment_attempts where status = 'started'`),
  )
  report(
    'payments charged more than once at the provider',
    await rows(
      db,
      sql`select a.payment_id, count(*)::int as charges from sandbox_charges c
        join payment_attempts a on a.idempotency_key = c.idempotency_key
        where c.status in ('succeeded', 'pending')
        group by 1 having count(*) > 1`,
    ),
  )
  report(
    'periods with more than one sent payment',
    await rows(
      db,
      sql`select subscription_id, period_start_at from payments where status = 'sent'
        group by 1, 2 having count(*) > 1`,
    ),
  )
  report(
    'provider charges with no stored attempt',
    await rows(
      db,
      sql`select c.idempotency_key from sandbox_charges c
        left join payment_attempts a on a.idempotency_key = c.idempotency_key where a.id is null`,
    ),
  )
  return problems
}

/** Payments of `day` by status, and the provider's charges: what the day came to. */
export async function billingDayCounts(db: Db, day: string) {
  const [counts] = await rows<{ sent: number; failed: number; pending: number; charges: number }>(
    db,
    sql`select count(*) filter (where status = 'sent')::int as sent,
        count(*) filter (where status = 'failed')::int as failed,
        count(*) filter (where status = 'pending_request')::int as pending,
        (select count(*)::int from sandbox_charges) as charges
      from payments where due_on = ${day} and not is_retry`,
  )
  return counts ?? { sent: 0, failed: 0, pending: 0, charges: 0 }
}

/** A process of ours (`npm run billing:run`'s script, a worker) on the test database, its output kept. */
export class ScriptProcess {
  readonly process: ChildProcess
  stdout = ''
  stderr = ''
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined
  readonly exited: Promise<void>

  constructor(command: string[], env: Record<string, string>) {
    this.process = spawn(process.execPath, command, {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LOG_LEVEL: 'warn', SMTP_URL: '', ...env },
    })
    this.process.stdout?.on('data', (chunk: Buffer) => {
      this.stdout += chunk.toString()
    })
    this.process.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString()
    })
    this.exited = new Promise((resolve) => {
      this.process.on('exit', (code, signal) => {
        this.exit = { code, signal }
        resolve()
      })
    })
  }

  /** The JSON line a finished `billing:run` printed last. */
  summary(): Record<string, unknown> {
    const line = this.stdout
      .trim()
      .split('\n')
      .findLast((text) => text.startsWith('{"ran"'))
    if (!line)
      throw new Error(`No summary (exit ${JSON.stringify(this.exit)}):\n${this.stdout}\n${this.stderr}`)
    return JSON.parse(line)
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    if (!this.exit) this.process.kill(signal)
    await this.exited
  }
}

/** Waits until `check` holds, polling; throws with `describe()` after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, whatFailed: () => string) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out: ${whatFailed()}`)
    await sleep(250)
  }
}

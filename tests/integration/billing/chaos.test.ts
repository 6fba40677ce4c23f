/**
 * Chaos test of the billing engine (issue 4, points 5 and 10). Billing runs in child processes
 * (`scripts/billing-run-child.ts`) are killed with SIGKILL at random moments, many times over a
 * couple of simulated weeks, sometimes two at once and sometimes with the sandbox losing answers after
 * it took the money. The run is then finished in-process, and the ledger must show no duplicate
 * charge, nothing lost and balances that agree with the payments.
 *
 * Random choices come from one seed, printed at the start: `CHAOS_SEED=<seed> npx vitest run
 * tests/integration/billing/chaos.test.ts` repeats a failing run's choices (kill moments still depend
 * on timing).
 *
 * PostgreSQL: TEST_DATABASE_URL's server when set, else the local server every project machine runs
 * (STACK-NOTES "Services"); a throw-away database is created and dropped. PGlite: a smaller variant on
 * a data folder, one process at a time (PGlite is single-process), which also checks that the folder
 * survives its writer being killed.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { type SQL, sql } from 'drizzle-orm'
import { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, type Db, migrateDatabase, openDatabase } from '~/db/client.server'
import { subscriptions } from '~/db/schema'
import { addDays, calendarDateAt } from '~/server/billing/calendar'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import { billingPolicy } from '~/server/billing/engine/policy'
import { pollPendingPayments, runBilling } from '~/server/billing/engine/run-billing.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { createRandom, type Random } from '~/server/seed/random'
import { recalculateBalanceOwing } from '~/server/services/subscriptions/recalculate-balance-owing.server'
import type { BillingRunChildMessage, BillingRunChildRequest } from '../../../scripts/billing-run-child'
import { testBankAccountNumber } from '../../factories/bank-account'
import { createSubscribedTestMember, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation } from '../../factories/organisation-factory'
import { createTestDatabase } from '../support/database'
import { bundleScript } from '../support/script-bundle'

const SEED = process.env.CHAOS_SEED ?? String(Date.now() % 1_000_000_000)
const CHILD_SCRIPT = join(process.cwd(), 'scripts/billing-run-child.ts')
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres'

/** The first day payments are due; the fixture's memberships start before it. */
const FIRST_DUE = '2026-03-02'
/** Midday in Auckland on a calendar day, plus some minutes. */
const at = (day: string, minutes = 0) => new Date(Date.parse(`${day}T00:00:00Z`) + minutes * 60_000)
const MINUTES_BETWEEN_RUNS = 3

// ---------------------------------------------------------------------------------------------------
// The fixture: memberships with mixed sandbox methods, all owing a payment on FIRST_DUE.

interface Fixture {
  organisationId: number
  subscriptions: { id: number; stepDays: number }[]
}

/** i % 10: 0–5 card 4242 (succeeds), 6–7 card 0002 (declined), 8 bank -91 (pending, then paid), 9 bank -93 (pending, then fails). */
function methodFor(index: number): { card: string } | { bankSuffix: string } {
  const slot = index % 10
  if (slot <= 5) return { card: '4242' }
  if (slot <= 7) return { card: '0002' }
  return { bankSuffix: slot === 8 ? '91' : '93' }
}

async function prepareFixture(db: Db, count: number): Promise<Fixture> {
  const created = at(addDays(FIRST_DUE, -8))
  const org = await createTestOrganisation({
    db,
    now: created,
    name: 'Chaos Fitness',
    // Short enough that declined memberships are cancelled for non-payment during the run.
    failedPaymentGracePeriod: 6,
    cardSurchargeBasisPoints: 150,
    cardSurchargeFixed: 30,
  })
  const organisationId = org.organisation.id
  const gymId = org.gyms[0]?.id ?? 0
  const price = async (billingFrequency: 'daily' | 'weekly', amount: number) =>
    (await createTestPrice({ db, organisationId, gymIds: [gymId], billingFrequency, amount, now: created }))
      .price.id
  const daily = await price('daily', 1500)
  const weekly = await price('weekly', 4900)

  const fixture: Fixture = { organisationId, subscriptions: [] }
  for (let index = 0; index < count; index += 1) {
    // Mostly daily, so every simulated day has plenty to charge; every fourth weekly.
    const stepDays = index % 4 === 3 ? 7 : 1
    const startDate = addDays(FIRST_DUE, -stepDays)
    const method = methodFor(index)
    const pays =
      'card' in method
        ? { card: method.card }
        : { bankAccount: testBankAccountNumber({ index, suffix: `0${method.bankSuffix}` }) }
    const { subscription } = await createSubscribedTestMember({
      db,
      organisation: org,
      priceId: stepDays === 1 ? daily : weekly,
      startDate,
      now: at(startDate),
      seed: `chaos-${index}`,
      pays: [pays],
    })
    fixture.subscriptions.push({ id: subscription.id, stepDays })
  }
  // The day before: every membership's first payment appears, due on FIRST_DUE.
  await advanceSubscriptions({ db, now: at(addDays(FIRST_DUE, -1)) })
  const due = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from payments where due_on = ${FIRST_DUE} and status = 'upcoming'`,
  )
  expect(due.rows[0]?.count).toBe(count)
  return fixture
}

// ---------------------------------------------------------------------------------------------------
// Child processes.

/**
 * How a child starts: the script bundled (`bundleScript`: a tsx child's start was most of this test's
 * time on two cores). `CHAOS_CHILD=tsx` runs the script through tsx instead.
 */
let childCommand: string[] = ['--import', 'tsx', CHILD_SCRIPT]
let removeBundle = () => {}

beforeAll(async () => {
  if (process.env.CHAOS_CHILD === 'tsx') return
  const bundle = await bundleScript(CHILD_SCRIPT)
  childCommand = bundle.command
  removeBundle = bundle.remove
})

afterAll(() => removeBundle())

class BillingChild {
  readonly process: ChildProcess
  readonly messages: BillingRunChildMessage[] = []
  stderr = ''
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined
  readonly exited: Promise<void>
  private wake: (() => void)[] = []

  constructor(target: string[]) {
    this.process = spawn(process.execPath, [...childCommand, ...target], {
      cwd: process.cwd(),
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, LOG_LEVEL: 'silent' },
    })
    this.process.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString()
    })
    this.process.on('message', (message: BillingRunChildMessage) => {
      this.messages.push(message)
      this.notify()
    })
    this.exited = new Promise((resolve) => {
      this.process.on('exit', (code, signal) => {
        this.exit = { code, signal }
        this.notify()
        resolve()
      })
    })
  }

  private notify() {
    for (const wake of this.wake.splice(0)) wake()
  }

  has(type: BillingRunChildMessage['type']) {
    return this.messages.some((message) => message.type === type)
  }

  /** Resolves true once the child sent `type`, false if it exited first. */
  async waitFor(type: BillingRunChildMessage['type']): Promise<boolean> {
    for (;;) {
      if (this.has(type)) return true
      if (this.exit) return false
      await new Promise<void>((resolve) => this.wake.push(resolve))
    }
  }

  describeFailure() {
    const error = this.messages.find((message) => message.type === 'error')
    return `child ${this.process.pid} ${JSON.stringify(this.exit)}: ${error && 'message' in error ? error.message : ''}\n${this.stderr}`
  }

  /** Sends the run once the child is ready; with `untilStarted`, also waits until its database is open. */
  async start(request: BillingRunChildRequest, options: { untilStarted: boolean } = { untilStarted: true }) {
    if (!(await this.waitFor('ready')))
      throw new Error(`Billing child died loading: ${this.describeFailure()}`)
    this.process.send(request)
    if (options.untilStarted && !(await this.waitFor('started')))
      throw new Error(`Billing child died opening the database: ${this.describeFailure()}`)
  }

  kill() {
    if (!this.exit) this.process.kill('SIGKILL')
  }
}

/** Children started ahead of time, so a run does not wait for one to load its modules (~1 s). */
class ChildPool {
  private ready: BillingChild[] = []
  constructor(
    private readonly target: string[],
    private readonly size: number,
  ) {}

  take(): BillingChild {
    const child = this.ready.shift() ?? new BillingChild(this.target)
    while (this.ready.length < this.size) this.ready.push(new BillingChild(this.target))
    return child
  }

  async close() {
    const idle = this.ready.splice(0)
    for (const child of idle) child.kill()
    await Promise.all(idle.map((child) => child.exited))
  }
}

// ---------------------------------------------------------------------------------------------------
// The chaos: days of killed runs, each day finished by a run that is left alone.

interface ChaosOptions {
  target: string[]
  days: number
  runsPerDay: number
  /** Chance that a run has a second one beside it (PostgreSQL only). */
  concurrentChance: number
  /** Chance that the kill delay counts from the run request, so it may land while the database opens. */
  killWhileOpeningChance: number
  poolSize: number
  random: Random
  log: (line: string) => void
}

interface ChaosReport {
  killed: number
  /** Killed before they finished (the rest had finished before the kill came). */
  interrupted: number
  lastNow: Date
  errors: string[]
}

async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const { random } = options
  const pool = new ChildPool(options.target, options.poolSize)
  const report: ChaosReport = { killed: 0, interrupted: 0, lastNow: at(FIRST_DUE), errors: [] }
  const started = performance.now()
  let iteration = 0
  try {
    for (let day = 0; day < options.days; day += 1) {
      const date = addDays(FIRST_DUE, day)
      for (let run = 0; run < options.runsPerDay; run += 1) {
        iteration += 1
        const now = at(date, run * MINUTES_BETWEEN_RUNS)
        const width = random.chance(options.concurrentChance) ? 2 : 1
        const runs = Array.from({ length: width }, (_, lane) => {
          const request: BillingRunChildRequest = {
            type: 'run',
            now: now.toISOString(),
            advance: run === 0 || random.chance(0.5),
            batchSize: random.pick([5, 20, 200]),
            loseAnswerProbability: random.chance(0.3) ? 0.25 : 0,
            delayAfterRecordMs: random.chance(0.25) ? random.int(1, 5) : 0,
            seed: `${SEED}-${iteration}-${lane}`,
          }
          return {
            child: pool.take(),
            request,
            untilStarted: !random.chance(options.killWhileOpeningChance),
            killAfterMs: random.int(0, 400),
          }
        })
        await Promise.all(
          runs.map(async ({ child, request, untilStarted, killAfterMs }) => {
            await child.start(request, { untilStarted })
            await sleep(killAfterMs)
            const finished = child.has('done') || child.has('error')
            child.kill()
            await child.exited
            report.killed += 1
            if (!finished) report.interrupted += 1
            if (child.has('error'))
              report.errors.push(`${JSON.stringify(request)}: ${child.describeFailure()}`)
          }),
        )
      }
      // The restart: a run nobody kills finishes the day (as pg-boss retries the daily job).
      const now = at(date, options.runsPerDay * MINUTES_BETWEEN_RUNS)
      const child = pool.take()
      await child.start({ type: 'run', now: now.toISOString(), advance: true, seed: `${SEED}-day-${day}` })
      await child.exited
      if (!child.has('done')) report.errors.push(`restart on ${date}: ${child.describeFailure()}`)
      report.lastNow = now
    }
  } finally {
    await pool.close()
  }
  options.log(
    `chaos seed ${SEED}: ${report.killed} runs SIGKILLed (${report.interrupted} before they finished) over ${options.days} days in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  return report
}

// ---------------------------------------------------------------------------------------------------
// What must hold afterwards.

const RETRIES = billingPolicy.retryDelaysDays.length

async function rows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows
}

/** Every broken promise as a line; an empty list is a clean ledger. */
async function ledgerProblems(db: Db, options: { today: string; pendingAllowed: boolean }) {
  const { today } = options
  const problems: string[] = []
  const report = (label: string, found: unknown[]) => {
    if (found.length > 0) problems.push(`${label}: ${JSON.stringify(found.slice(0, 5))} (${found.length})`)
  }

  report(
    'attempts left started',
    await rows(db, sql`select payment_id, attempt from payment_attempts where status = 'started'`),
  )
  report(
    'due payments never charged',
    await rows(db, sql`select id, due_on from payments where status = 'upcoming' and due_on <= ${today}`),
  )
  report(
    'pending payments without a bank reference',
    await rows(
      db,
      sql`select p.id from payments p
        left join payment_attempts a on a.payment_id = p.id and a.attempt = p.attempt
        where p.status = 'pending_request'
          and (p.akahu_payment_id is null or a.status is distinct from 'unknown' or a.provider_reference is null)`,
    ),
  )
  if (!options.pendingAllowed) {
    report(
      'payments still pending',
      await rows(db, sql`select id from payments where status = 'pending_request'`),
    )
  }
  report(
    'failed payments without their retry',
    await rows(
      db,
      sql`select p.id from payments p
        where p.status = 'failed'
          and coalesce((p.meta->>'retry_number')::int, 0) < ${RETRIES}
          and not exists (
            select 1 from payments r
            where r.is_retry
              and (r.meta->>'retry_of')::int = coalesce((p.meta->>'retry_of')::int, p.id)
              and (r.meta->>'retry_number')::int = coalesce((p.meta->>'retry_number')::int, 0) + 1)`,
    ),
  )
  report(
    'retries scheduled twice',
    await rows(
      db,
      sql`select meta->>'retry_of' as retry_of, meta->>'retry_number' as retry_number, count(*)::int as count
        from payments where is_retry group by 1, 2 having count(*) > 1`,
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
  report(
    'periods charged successfully more than once',
    await rows(
      db,
      sql`select p.subscription_id, coalesce(p.period_start_at::text, 'payment ' || p.id) as period, count(*)::int as charges
        from sandbox_charges c
        join payment_attempts a on a.idempotency_key = c.idempotency_key
        join payments p on p.id = a.payment_id
        where c.status = 'succeeded'
        group by 1, 2 having count(*) > 1`,
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
    'charges after cancellation',
    await rows(
      db,
      sql`select a.payment_id, a.attempt from payment_attempts a
        join payments p on p.id = a.payment_id
        join subscriptions s on s.id = p.subscription_id
        where s.cancelled_at is not null and a.started_at > s.cancelled_at`,
    ),
  )

  // The provider's ledger and the app's must tell the same story, attempt by attempt.
  const attempts = await rows<{
    payment_id: number
    attempt: number
    attempt_status: string
    charge_status: string | null
    payment_status: string
    payment_attempt: number
  }>(
    db,
    sql`select a.payment_id, a.attempt, a.status as attempt_status, c.status as charge_status,
        p.status as payment_status, p.attempt as payment_attempt
      from payment_attempts a
      join payments p on p.id = a.payment_id
      left join sandbox_charges c on c.idempotency_key = a.idempotency_key`,
  )
  report(
    'attempts whose status disagrees with the provider',
    attempts.filter((row) => {
      switch (row.attempt_status) {
        case 'succeeded':
          return row.charge_status !== 'succeeded' || row.payment_status !== 'sent'
        case 'failed':
          return row.charge_status === 'succeeded' || row.charge_status === 'pending'
        case 'unknown':
          // Pending at the bank; a settled bank charge is only seen at the next poll.
          return (
            !options.pendingAllowed || row.charge_status === null || row.payment_status !== 'pending_request'
          )
        default:
          return true
      }
    }),
  )
  report(
    'payments sent without a successful charge',
    await rows(
      db,
      sql`select p.id from payments p
        left join sandbox_charges c on c.idempotency_key = p.idempotency_key and c.status = 'succeeded'
        where p.status = 'sent' and p.amount + p.surcharge - p.credit_used > 0 and c.id is null`,
    ),
  )
  if (!options.pendingAllowed) {
    const [money] = await rows<{ taken: number; recorded: number }>(
      db,
      sql`select
          (select coalesce(sum(amount), 0)::int from sandbox_charges where status = 'succeeded') as taken,
          (select coalesce(sum(amount + surcharge - credit_used), 0)::int from payments where status = 'sent') as recorded`,
    )
    if (money?.taken !== money?.recorded)
      problems.push(`money taken ≠ money recorded: ${JSON.stringify(money)}`)
  }
  return problems
}

/** Each membership has its payment for every period up to today (or its cancellation): none lost. */
async function missingPeriods(db: Db, fixture: Fixture, today: string) {
  const found = await rows<{ subscription_id: number; period_start_at: string }>(
    db,
    sql`select subscription_id, period_start_at::text from payments
      where not is_retry and status <> 'cancelled' and period_start_at is not null`,
  )
  const periods = new Set(found.map((row) => `${row.subscription_id} ${row.period_start_at}`))
  const ends = await rows<{ id: number; ends_on: string | null }>(
    db,
    sql`select id, (cancelled_at at time zone 'Pacific/Auckland')::date::text as ends_on from subscriptions`,
  )
  const endsOn = new Map(ends.map((row) => [row.id, row.ends_on]))
  const missing: string[] = []
  for (const { id, stepDays } of fixture.subscriptions) {
    const end = endsOn.get(id) ?? null
    for (let day = FIRST_DUE; day <= today; day = addDays(day, stepDays)) {
      if (end !== null && day >= end) break
      if (!periods.has(`${id} ${day}`)) missing.push(`${id} ${day}`)
    }
  }
  return missing
}

/** `balance_owing` and `periods_owing` as stored against what `recalculateBalanceOwing` works out. */
async function balanceMismatches(db: Db, fixture: Fixture, now: Date) {
  const stored = await db
    .select({
      id: subscriptions.id,
      balanceOwing: subscriptions.balanceOwing,
      periodsOwing: subscriptions.periodsOwing,
    })
    .from(subscriptions)
  const recalculated = await recalculateBalanceOwing({
    db,
    now,
    organisationId: fixture.organisationId,
    subscriptionIds: fixture.subscriptions.map((subscription) => subscription.id),
  })
  const byId = new Map(recalculated.map((row) => [row.subscriptionId, row]))
  return stored
    .filter((row) => {
      const expected = byId.get(row.id)
      return expected?.balanceOwing !== row.balanceOwing || expected.periodsOwing !== row.periodsOwing
    })
    .map((row) => ({ stored: row, recalculated: byId.get(row.id) }))
}

/** The end of the story: finish in-process, check, let the bank settle, check again. */
async function finishAndCheck(
  db: Db,
  fixture: Fixture,
  lastNow: Date,
  expected: { minSent: number; cancellations: boolean },
) {
  const providers = createSandboxProviders({ db })
  const now = new Date(lastNow.getTime() + billingPolicy.inDoubtAfterMs + 60_000)
  const today = calendarDateAt(now)
  await advanceSubscriptions({ db, now })
  await runBilling({ db, providers, now })

  expect((await ledgerProblems(db, { today, pendingAllowed: true })).join('\n')).toBe('')
  expect(await missingPeriods(db, fixture, today)).toEqual([])
  expect(await balanceMismatches(db, fixture, now)).toEqual([])

  // Two hours on, every bank payment has settled one way or the other.
  const later = new Date(now.getTime() + 2 * 3_600_000)
  await pollPendingPayments({ db, providers, now: later })
  expect((await ledgerProblems(db, { today, pendingAllowed: false })).join('\n')).toBe('')
  expect(await balanceMismatches(db, fixture, later)).toEqual([])

  const [summary] = await rows<Record<string, number>>(
    db,
    sql`select count(*) filter (where status = 'sent')::int as sent,
        count(*) filter (where status = 'failed')::int as failed,
        count(*) filter (where status = 'cancelled')::int as cancelled,
        count(*) filter (where is_retry)::int as retries,
        (select count(*)::int from subscriptions where cancelled_at is not null) as cancelled_memberships
      from payments`,
  )
  // The story must have had all its parts, or the checks above proved little.
  expect(summary?.sent).toBeGreaterThanOrEqual(expected.minSent)
  expect(summary?.failed).toBeGreaterThan(0)
  expect(summary?.retries).toBeGreaterThan(0)
  if (expected.cancellations) expect(summary?.cancelled_memberships).toBeGreaterThan(0)
  return summary
}

/**
 * What each membership ended with, in fixture order (ids differ between databases): its payments by
 * status, retries, money taken and owed, and whether it was cancelled.
 */
async function outcomes(db: Db, fixture: Fixture) {
  const found = await rows<Record<string, number | boolean> & { id: number }>(
    db,
    sql`select s.id, s.balance_owing, s.periods_owing, s.cancelled_at is not null as cancelled,
        count(p.id) filter (where p.status = 'sent')::int as sent,
        count(p.id) filter (where p.status = 'failed')::int as failed,
        count(p.id) filter (where p.status = 'cancelled')::int as cancelled_payments,
        count(p.id) filter (where p.status = 'upcoming')::int as upcoming,
        count(p.id) filter (where p.is_retry)::int as retries,
        coalesce(sum(p.amount + p.surcharge) filter (where p.status = 'sent'), 0)::int as paid,
        (select coalesce(sum(c.amount), 0)::int from sandbox_charges c
          join payment_attempts a on a.idempotency_key = c.idempotency_key
          join payments q on q.id = a.payment_id
          where q.subscription_id = s.id and c.status = 'succeeded') as taken
      from subscriptions s left join payments p on p.subscription_id = s.id
      group by s.id`,
  )
  const byId = new Map(found.map(({ id, ...rest }) => [id, rest]))
  return fixture.subscriptions.map((subscription, index) => ({ index, ...byId.get(subscription.id) }))
}

/**
 * The same days without any chaos: one run a day, in-process, on a fresh database. The killed runs must
 * end in exactly the same place, membership by membership.
 */
async function calmOutcomes(count: number, days: number, runsPerDay: number) {
  const database = await createTestDatabase()
  try {
    const { db } = database
    const fixture = await prepareFixture(db, count)
    const providers = createSandboxProviders({ db })
    let lastNow = at(FIRST_DUE)
    for (let day = 0; day < days; day += 1) {
      lastNow = at(addDays(FIRST_DUE, day), runsPerDay * MINUTES_BETWEEN_RUNS)
      await advanceSubscriptions({ db, now: lastNow })
      await runBilling({ db, providers, now: lastNow })
    }
    await finishAndCheck(db, fixture, lastNow, { minSent: 0, cancellations: false })
    return await outcomes(db, fixture)
  } finally {
    await database.destroy()
  }
}

// ---------------------------------------------------------------------------------------------------

const PG_MEMBERSHIPS = 80
const PG_DAYS = 13
const PG_RUNS_PER_DAY = 4

describe('billing engine under SIGKILL [pg]', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES
  const name = `gymbase_chaos_${randomBytes(6).toString('hex')}`
  let admin: Pool
  let handle: DatabaseHandle | undefined
  let url: string

  beforeAll(async () => {
    admin = new Pool({ connectionString: adminUrl, max: 1 })
    await admin.query(`create database ${name}`)
    const target = new URL(adminUrl)
    target.pathname = `/${name}`
    url = target.toString()
    handle = await openDatabase({ url })
    await migrateDatabase(handle)
  })

  afterAll(async () => {
    await handle?.close()
    // `pool.end()` resolves before its connections have closed: let them go before forcing the drop.
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
  })

  it('kills billing runs at random ≥ 50 times, then finds no duplicate charge and nothing lost', async () => {
    const db = handle?.db
    if (!db) throw new Error('No database')
    const random = createRandom(`chaos-pg-${SEED}`)
    const fixture = await prepareFixture(db, PG_MEMBERSHIPS)
    const report = await runChaos({
      target: ['--url', url],
      days: PG_DAYS,
      runsPerDay: PG_RUNS_PER_DAY,
      concurrentChance: 0.2,
      killWhileOpeningChance: 0,
      poolSize: 2,
      random,
      log: (line) => console.info(`[pg] ${line}`),
    })
    expect(report.errors.join('\n')).toBe('')
    expect(report.killed).toBeGreaterThanOrEqual(50)
    expect(report.interrupted).toBeGreaterThanOrEqual(10)
    const summary = await finishAndCheck(db, fixture, report.lastNow, { minSent: 150, cancellations: true })
    expect(await outcomes(db, fixture)).toEqual(await calmOutcomes(PG_MEMBERSHIPS, PG_DAYS, PG_RUNS_PER_DAY))
    console.info(`[pg] ledger after the chaos: ${JSON.stringify(summary)}`)
  }, 240_000)
})

describe('billing engine under SIGKILL [pglite folder]', () => {
  let folder: string

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'gymbase-chaos-'))
  })

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true })
  })

  it('survives a killed writer and still charges each period once', async () => {
    const dataDir = join(folder, 'pglite')
    const random = createRandom(`chaos-pglite-${SEED}`)
    let handle = await openDatabase({ dataDir })
    let fixture: Fixture
    try {
      await migrateDatabase(handle)
      fixture = await prepareFixture(handle.db, 20)
    } finally {
      // One process at a time on a PGlite folder: the children take it from here.
      await handle.close()
    }
    const report = await runChaos({
      target: ['--pglite', dataDir],
      days: 4,
      runsPerDay: 3,
      concurrentChance: 0,
      // A PGlite folder is opened (and, after a kill, recovered) by each child: kill some of them there.
      killWhileOpeningChance: 0.25,
      poolSize: 1,
      random,
      log: (line) => console.info(`[pglite] ${line}`),
    })
    expect(report.errors.join('\n')).toBe('')
    handle = await openDatabase({ dataDir })
    try {
      const summary = await finishAndCheck(handle.db, fixture, report.lastNow, {
        minSent: 20,
        cancellations: false,
      })
      console.info(`[pglite] ledger after the chaos: ${JSON.stringify(summary)}`)
    } finally {
      await handle.close()
    }
  }, 180_000)
})

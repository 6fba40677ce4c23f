/**
 * `npm run bench:billing -- [--subscriptions N] [--database postgres|pglite] [--skip-advance] [--keep]
 * [--fixture-only] [--template NAME]`: how fast the whole daily billing run goes (issue 29 point 1,
 * ADR 051; target 1,000,000 due payments on PostgreSQL in under 60 s on a 2-core machine).
 *
 * `--fixture-only --keep` builds the fixture and keeps its database; `--template NAME` runs on a copy of
 * such a database (PostgreSQL's `create database … template`, seconds instead of minutes of fixture).
 *
 * Builds a fresh database (PostgreSQL: a throw-away database on DATABASE_URL's server, else on
 * 127.0.0.1:5432, dropped afterwards unless --keep; PGlite: in memory), fills it with N members, each
 * with a sandbox payment method, a weekly subscription, last week's payment (paid) and this week's, due
 * today, using set-based
 * INSERT … SELECT statements (the fixture is not what is measured), then times the daily job's two steps
 * on their own: `advanceSubscriptions` (renewals, next week's payments; `--skip-advance` leaves it out)
 * and one `runBilling` over every due payment, through the sandbox providers, then the failed-payment
 * notices (`sendDunningNotices`, to the outbox) and, an hour later, the poll of the bank payments
 * (`pollPendingPayments`, which settles them): every step of the daily job, each with its time and rows
 * a second, and the total. Then it checks the ledger: every due payment charged exactly once, every
 * decline with its retry, every balance what the payments say, one notice per decline.
 *
 * Methods: 85% card 4242 (succeeds), 5% card 0002 (declined: a retry is scheduled and the balance
 * recalculated), 10% bank account -91 (pending at the bank).
 */
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { Pool } from 'pg'
import { type DatabaseHandle, migrateDatabase, openDatabase } from '~/db/client.server'
import { addDays, calendarDateAt } from '~/server/billing/calendar'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import { billingPolicy } from '~/server/billing/engine/policy'
import {
  type BillingRunStats,
  pollPendingPayments,
  runBilling,
} from '~/server/billing/engine/run-billing.server'
import { createOutboxMailer } from '~/server/mail/outbox-mailer.server'
import { sandboxBankAccountReference } from '~/server/providers/payments/bank-sandbox.server'
import { akahuPace, estimateProviderTime, stripePace } from '~/server/providers/payments/provider-pace'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { createFakeGym } from '~/server/seed/factories/gym-factory.server'
import { createRandom } from '~/server/seed/random'
import { sendDunningNotices } from '~/server/services/dunning/send-dunning-notices.server'
import { createOffering } from '~/server/services/offerings/create-offering.server'
import { createOrganisation } from '~/server/services/organisations/create-organisation.server'
import { createPrice } from '~/server/services/prices/create-price.server'
import { dropDatabase } from './support'

const { values } = parseArgs({
  options: {
    subscriptions: { type: 'string' },
    database: { type: 'string', default: 'postgres' },
    keep: { type: 'boolean', default: false },
    'skip-advance': { type: 'boolean', default: false },
    'fixture-only': { type: 'boolean', default: false },
    template: { type: 'string' },
  },
})

const kind = values.database === 'pglite' ? 'pglite' : 'postgres'
if (values.database !== 'pglite' && values.database !== 'postgres') {
  console.error('--database is postgres or pglite')
  process.exit(2)
}
const count = Number(values.subscriptions ?? (kind === 'postgres' ? 100_000 : 10_000))
if (!Number.isSafeInteger(count) || count < 1) {
  console.error('--subscriptions is a positive whole number')
  process.exit(2)
}

const seconds = (from: number) => (performance.now() - from) / 1000
const format = (value: number) => value.toLocaleString('en-NZ', { maximumFractionDigits: 1 })

/** A throw-away PostgreSQL database on the configured server. */
async function createPostgres(): Promise<{ handle: DatabaseHandle; drop(): Promise<void>; name: string }> {
  const adminUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  const name = `gymbase_bench_${randomBytes(5).toString('hex')}`
  const admin = new Pool({ connectionString: adminUrl.toString(), max: 1 })
  const template = values.template
  if (template !== undefined && !/^[a-z0-9_]+$/.test(template)) throw new Error('--template names a database')
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ url: url.toString() })
  return {
    handle,
    name,
    async drop() {
      try {
        if (!values.keep) await dropDatabase(admin, name)
      } finally {
        await admin.end()
      }
    },
  }
}

async function fill(handle: DatabaseHandle, today: string, now: Date) {
  const db = handle.db
  const random = createRandom('bench-billing')
  const organisation = await createOrganisation({ db, now, name: 'Bench Fitness', multiGym: false })
  const { gym } = await createFakeGym({ db, random, organisationId: organisation.id, name: 'Central', now })
  const offering = await createOffering({
    db,
    organisationId: organisation.id,
    now,
    name: '24/7 Access',
    type: '24_7',
    gyms: [gym.id],
  })
  const price = await createPrice({
    db,
    organisationId: organisation.id,
    now,
    offeringId: offering.offering.id,
    amount: 2500,
    billingFrequency: 'weekly',
    joiningFee: 0,
    termAmount: null,
    termUnit: null,
    private: false,
  })
  const orgId = organisation.id
  const start = addDays(today, -7)
  const bankReference = sandboxBankAccountReference('12-3140-0123456-091')
  // In chunks, so a large fixture shows progress and no statement holds everything at once.
  const chunk = 20_000
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1)
    await db.execute(sql`
      insert into users (organisation_id, name, email, home_gym_id, created_at, updated_at)
      select ${orgId}, 'Bench Member ' || g, 'bench-' || g || '@example.test', ${gym.id}, ${now}, ${now}
      from generate_series(${from}::int, ${to}::int) g`)
    process.stdout.write(`\r  members ${format(to)} / ${format(count)}`)
  }
  process.stdout.write('\n')
  // Member n (in id order): n % 20 = 0 → declined card, 1–2 → bank account, otherwise a good card.
  await db.execute(sql`
    insert into payment_methods (organisation_id, user_id, gym_id, type, bank_account_number, name, brand,
      exp_month, exp_year, last_four, provider_reference, created_at, updated_at)
    select ${orgId}, u.id,
      case when u.n % 20 in (1, 2) then null else ${gym.id}::int end,
      case when u.n % 20 in (1, 2) then 'bank_account' else 'stripe_card' end,
      case when u.n % 20 in (1, 2) then '12-3140-0123456-091' end,
      case when u.n % 20 in (1, 2) then 'Everyday' end,
      case when u.n % 20 in (1, 2) then null else 'visa' end,
      case when u.n % 20 in (1, 2) then null else 12 end,
      case when u.n % 20 in (1, 2) then null else 2030 end,
      case when u.n % 20 = 0 then '0002' when u.n % 20 in (1, 2) then null else '4242' end,
      case when u.n % 20 = 0 then 'pm_sandbox_' || u.id || '_0002'
           when u.n % 20 in (1, 2) then ${bankReference}
           else 'pm_sandbox_' || u.id || '_4242' end,
      ${now}, ${now}
    from (select id, row_number() over (order by id) as n from users where organisation_id = ${orgId} and not is_staff) u`)
  await db.execute(sql`
    update users u set default_payment_method_id = m.id
    from payment_methods m where m.user_id = u.id and u.organisation_id = ${orgId}`)
  await db.execute(sql`
    insert into subscriptions (organisation_id, user_id, gym_id, price_id, start_date, current_period_start,
      current_period_end, initial_state, created_at, updated_at)
    select ${orgId}, u.id, ${gym.id}, ${price.id}, ${start}, ${start}, ${today}, 'active', ${now}, ${now}
    from users u where u.organisation_id = ${orgId} and u.default_payment_method_id is not null`)
  // Last week's payment, paid (a database with history, so the planner's statistics are realistic),
  // and this week's, due today.
  for (const [periodStart, status] of [
    [start, 'sent'],
    [today, 'upcoming'],
  ] as const) {
    await db.execute(sql`
      insert into payments (organisation_id, subscription_id, user_id, gym_id, payment_method_id, amount,
        period_start_at, period_end_at, due_on, status, type, attempt, paid_at, created_at, updated_at)
      select ${orgId}, s.id, s.user_id, s.gym_id, m.id, ${price.amount}, ${periodStart},
        ${addDays(periodStart, 7)}, ${periodStart}, ${status}, m.type, ${status === 'sent' ? 1 : 0},
        ${status === 'sent' ? now : null}, ${now}, ${now}
      from subscriptions s join payment_methods m on m.user_id = s.user_id
      where s.organisation_id = ${orgId}`)
  }
  await db.execute(sql`analyze`)
}

interface StepTime {
  name: string
  seconds: number
  rows: number
  what: string
}

/** Times one step of the daily run and prints its time and rows a second. */
async function timed<T>(
  steps: StepTime[],
  name: string,
  work: () => Promise<T>,
  rowsOf: (result: T) => [number, string],
) {
  const started = performance.now()
  const result = await work()
  const elapsed = seconds(started)
  const [rows, what] = rowsOf(result)
  steps.push({ name, seconds: elapsed, rows, what })
  console.info(`${name}: ${format(elapsed)} s for ${format(rows)} ${what} (${format(rows / elapsed)}/s)`)
  return result
}

async function main() {
  const now = new Date()
  const today = calendarDateAt(now)
  console.info(`bench:billing: ${format(count)} subscriptions on ${kind}`)

  const setupStarted = performance.now()
  const database =
    kind === 'postgres'
      ? await createPostgres()
      : { handle: await openDatabase({ dataDir: 'memory://' }), drop: async () => {}, name: 'memory' }
  try {
    const { handle } = database
    if (values.template === undefined) {
      await migrateDatabase(handle)
      await fill(handle, today, now)
      console.info(`  fixture ready in ${format(seconds(setupStarted))} s (database ${database.name})`)
    } else {
      console.info(`  fixture copied from ${values.template} in ${format(seconds(setupStarted))} s`)
    }
    if (values['fixture-only']) {
      await handle.close()
      return
    }
    const db = handle.db
    const steps: StepTime[] = []

    if (!values['skip-advance']) {
      await timed(
        steps,
        'advanceSubscriptions',
        () => advanceSubscriptions({ db, now }),
        (advanced) => [advanced.renewed, `renewals (${format(advanced.paymentsCreated)} new payments)`],
      )
    }

    const providers = createSandboxProviders({ db })
    const charged = await timed(
      steps,
      'runBilling',
      () => runBilling({ db, providers, now }),
      (stats) => [
        stats.claimed,
        `due payments charged (${format(stats.succeeded)} succeeded, ${format(stats.failed)} failed with a retry, ${format(stats.pending)} pending at the bank)`,
      ],
    )
    const t = charged.timings
    console.info(
      `  runBilling parts (lanes overlap): settle ${format(t.settleMs / 1000)} s, claim ${format(t.claimMs / 1000)} s, charge ${format(t.chargeMs / 1000)} s, record ${format(t.recordMs / 1000)} s, poll ${format(t.pollMs / 1000)} s`,
    )

    const notices = await timed(
      steps,
      'sendDunningNotices',
      () =>
        sendDunningNotices({
          db,
          now,
          mailer: createOutboxMailer(handle),
          siteUrl: (site, path) => `https://${site}.bench.example${path}`,
        }),
      (stats) => [stats.paymentFailed + stats.notMailed, 'failed-payment notices to the outbox'],
    )

    // The next poll job, an hour on: the day's bank payments have settled at the bank sandbox.
    const pollAt = new Date(now.getTime() + 61 * 60_000)
    await timed(
      steps,
      'pollPendingPayments (+1 h)',
      () => pollPendingPayments({ db, providers, now: pollAt }),
      (polled) => [polled, 'bank payments polled and settled'],
    )

    const total = steps.reduce((sum, step) => sum + step.seconds, 0)
    console.info(
      `total: ${format(total)} s for the daily run over ${format(charged.claimed)} due payments (${format(charged.claimed / total)} payments/s end to end)`,
    )
    printProviderEstimates(charged)

    const ledger = await checkLedger(handle, today)
    console.info(`  ledger: ${JSON.stringify(ledger)}`)
    const broken =
      ledger.duePayments !== count ||
      ledger.notChargedOnce > 0 ||
      ledger.duplicateKeys > 0 ||
      ledger.chargesWithoutOneAttempt > 0 ||
      ledger.started > 0 ||
      ledger.declinesWithoutRetry > 0 ||
      ledger.balancesWrong > 0 ||
      ledger.declines !== notices.paymentFailed + notices.notMailed
    if (broken) throw new Error('The ledger does not show exactly one charge per due payment')
    await handle.close()
  } finally {
    await database.drop()
  }
}

/**
 * The run's own estimate (its providers' paces: the sandboxes batch, so none), and what the same calls
 * would take at Stripe's and Akahu's documented limits (ADR 051): one charge per member, so Akahu's
 * per-user quota gives each key one call.
 */
function printProviderEstimates(stats: BillingRunStats) {
  for (const estimate of stats.providerTime) {
    console.info(
      `  provider time (this run): ${estimate.provider} ${format(estimate.calls)} calls, ${estimate.limit}: ${format(estimate.seconds)} s`,
    )
  }
  const cards = stats.providerTime.find((estimate) => estimate.provider === 'sandbox_card')?.calls ?? 0
  const banks = stats.providerTime.find((estimate) => estimate.provider === 'sandbox_bank')?.calls ?? 0
  const alone = (calls: number) => new Map(Array.from({ length: calls }, (_, index) => [String(index), 1]))
  const hypothetical = [
    estimateProviderTime({
      provider: 'stripe (live)',
      pace: stripePace('live'),
      keys: new Map([['account', cards]]),
    }),
    estimateProviderTime({
      provider: 'stripe (test)',
      pace: stripePace('test'),
      keys: new Map([['account', cards]]),
    }),
    estimateProviderTime({ provider: 'akahu', pace: akahuPace, keys: alone(banks) }),
  ]
  for (const estimate of hypothetical) {
    console.info(
      `  provider time at ${estimate.provider}'s limit (${estimate.limit}, ${format(estimate.calls)} calls): ${format(estimate.seconds / 60)} min`,
    )
  }
}

/** The ledger after the day, each a count of what breaks it (all 0 but the first two). */
async function checkLedger(handle: DatabaseHandle, today: string) {
  const retryDelay = billingPolicy.retryDelaysDays[0]
  const [ledger] = (
    await handle.db.execute<{
      duePayments: number
      declines: number
      notChargedOnce: number
      duplicateKeys: number
      chargesWithoutOneAttempt: number
      started: number
      declinesWithoutRetry: number
      balancesWrong: number
    }>(sql`
      select
        (select count(*)::int from payments where due_on = ${today} and not is_retry) as "duePayments",
        (select count(*)::int from payments where due_on = ${today} and status = 'failed') as declines,
        -- Every payment due today: one attempt, one provider charge for its key, and settled or pending.
        (select count(*)::int from payments p where p.due_on = ${today} and not p.is_retry and (
          p.status not in ('sent', 'failed')
          or (select count(*) from payment_attempts a where a.payment_id = p.id) <> 1
          or (select count(*) from sandbox_charges c where c.idempotency_key = p.idempotency_key) <> 1)) as "notChargedOnce",
        (select count(*)::int from (select idempotency_key from sandbox_charges group by 1 having count(*) > 1) d) as "duplicateKeys",
        (select count(*)::int from sandbox_charges c where (select count(*) from payment_attempts a
          where a.idempotency_key = c.idempotency_key) <> 1) as "chargesWithoutOneAttempt",
        (select count(*)::int from payment_attempts where status = 'started') as started,
        -- Every decline has its first retry, due after the first retry delay.
        (select count(*)::int from payments p where p.due_on = ${today} and p.status = 'failed'
          and not exists (select 1 from payments r where r.is_retry and r.status = 'upcoming'
            and (r.meta->>'retry_of')::int = p.id and r.due_on = ${addDays(today, retryDelay)})) as "declinesWithoutRetry",
        -- Every balance what the payments say: each unpaid period owes its latest failed charge.
        (select count(*)::int from subscriptions s left join (
            select subscription_id, sum(owed)::int as owed, count(*)::int as periods from (
              select distinct on (f.subscription_id, f.period_start_at) f.subscription_id,
                f.amount + f.surcharge - f.credit_used as owed
              from payments f where f.status = 'failed' and not exists (select 1 from payments x
                where x.subscription_id = f.subscription_id and x.period_start_at = f.period_start_at and x.status = 'sent')
              order by f.subscription_id, f.period_start_at, f.id desc) o
            group by subscription_id) w on w.subscription_id = s.id
          where s.balance_owing <> coalesce(w.owed, 0) or s.periods_owing <> coalesce(w.periods, 0)
            or (s.grace_period_ends_at is not null) <> (coalesce(w.owed, 0) > 0)) as "balancesWrong"`)
  ).rows
  if (!ledger) throw new Error('The ledger query answered nothing')
  return ledger
}

await main()

/**
 * `npm run bench:billing -- [--subscriptions N] [--database postgres|pglite] [--skip-advance] [--keep]`: how fast the
 * billing engine charges a day's due payments (issue 4 point 11; target 100,000 on PostgreSQL in under
 * 60 s on a 2-core machine).
 *
 * Builds a fresh database (PostgreSQL: a throw-away database on DATABASE_URL's server, else on
 * 127.0.0.1:5432, dropped afterwards unless --keep; PGlite: in memory), fills it with N members, each
 * with a sandbox payment method, a weekly subscription, last week's payment (paid) and this week's, due
 * today, using set-based
 * INSERT … SELECT statements (the fixture is not what is measured), then times the daily job's two steps
 * on their own: `advanceSubscriptions` (renewals, next week's payments; `--skip-advance` leaves it out)
 * and one `runBilling` over every due payment, through the sandbox providers. Finally it checks the ledger: one charge per payment.
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
import { runBilling } from '~/server/billing/engine/run-billing.server'
import { sandboxBankAccountReference } from '~/server/providers/payments/bank-sandbox.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { createFakeGym } from '~/server/seed/factories/gym-factory.server'
import { createRandom } from '~/server/seed/random'
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
  await admin.query(`create database ${name}`)
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
    await migrateDatabase(handle)
    await fill(handle, today, now)
    console.info(`  fixture ready in ${format(seconds(setupStarted))} s (database ${database.name})`)

    if (!values['skip-advance']) {
      const advanceStarted = performance.now()
      const advanced = await advanceSubscriptions({ db: handle.db, now })
      const advanceSeconds = seconds(advanceStarted)
      console.info(
        `advanceSubscriptions: ${format(advanceSeconds)} s for ${format(advanced.renewed)} renewals and ${format(advanced.paymentsCreated)} new payments (${format(advanced.renewed / advanceSeconds)}/s)`,
      )
    }

    const providers = createSandboxProviders({ db: handle.db })
    const billingStarted = performance.now()
    const charged = await runBilling({ db: handle.db, providers, now })
    const billingSeconds = seconds(billingStarted)
    console.info(
      `runBilling: ${format(billingSeconds)} s for ${format(charged.claimed)} due payments, ${format(charged.claimed / billingSeconds)} charged/s (${format(charged.succeeded)} succeeded, ${format(charged.failed)} failed, ${format(charged.pending)} pending at the bank)`,
    )

    const [ledger] = (
      await handle.db.execute<{ payments: number; charges: number; duplicates: number; started: number }>(sql`
        select
          (select count(*)::int from payments where due_on = ${today} and status <> 'upcoming') as payments,
          (select count(*)::int from sandbox_charges) as charges,
          (select count(*)::int from (select idempotency_key from sandbox_charges group by 1 having count(*) > 1) d) as duplicates,
          (select count(*)::int from payment_attempts where status = 'started') as started`)
    ).rows
    console.info(`  ledger: ${JSON.stringify(ledger)}`)
    if (!ledger || ledger.payments !== count || ledger.duplicates > 0 || ledger.started > 0) {
      throw new Error('The ledger does not show exactly one charge per due payment')
    }
    await handle.close()
  } finally {
    await database.drop()
  }
}

await main()

/**
 * `npm run bench:footprint -- [--members 2000] [--days 42] [--taps 300] [--visits-per-member 10] [--keep]`:
 * what Gymbase costs per member and per day in PostgreSQL (issue 29 point 6, docs/scaling.md).
 *
 * On a throw-away PostgreSQL database (DATABASE_URL's server, else 127.0.0.1:5432; dropped afterwards
 * unless --keep) it runs the billing simulation (`npm run billing:simulate`'s engine: real services, real
 * billing jobs, sandbox providers) for `--members` members over `--days` days, then one more billing day
 * exactly as the `billing.daily` and `billing.poll` jobs run it (schedule step, charges, in-doubt settle,
 * bank poll, failed-payment e-mails), counting its SQL statements and provider calls. Then doors: the
 * sandbox door system is connected (the access sync gives everyone allowed in a door login), `--taps`
 * members tap their gym's front door (door event → webhook event → visit, as a Kisi delivery goes),
 * every member gets `--visits-per-member` earlier visits through recordVisits with a stored delivery
 * each, and signs in once (a session). Finally it prints, for every table with rows, its rows, its bytes
 * (table, indexes, total from pg_total_relation_size, the average row from pg_column_size), as the files
 * stand and compacted, per row, per member and per member-day of the simulation. Last, because a few
 * thousand rows do not weigh an index fairly (every index has its own pages), it builds the list
 * benchmarks' fixture with `--fixture-members` members (default 20,000; 0 skips it) in a database of its
 * own and prints the big tables' bytes a row there.
 *
 * Statements are counted on the client (every `query` of node-postgres's Client, BEGIN and COMMIT
 * included): pg_stat_statements is available on this server but not preloaded.
 */
import { parseArgs } from 'node:util'
import { and, eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { migrateDatabase } from '~/db/client.server'
import { doorIntegrations, gyms, users } from '~/db/schema'
import { publicSiteUrl } from '~/server/api/request-info'
import { createSession } from '~/server/auth/sessions.server'
import { addDays, instantAt } from '~/server/billing/calendar'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import {
  pollPendingPayments,
  runBilling,
  settleInDoubtAttempts,
} from '~/server/billing/engine/run-billing.server'
import {
  DEFAULT_SIMULATION_START,
  simulateBilling,
} from '~/server/billing/simulation/simulate-billing.server'
import { queueMails } from '~/server/mail/send-mail.server'
import { createDoorProviders } from '~/server/providers/doors/door-providers.server'
import type { PaymentProvider, PaymentProviders } from '~/server/providers/payments/payment-provider'
import {
  createSandboxPaymentServices,
  createSandboxProviders,
} from '~/server/providers/payments/sandbox-providers.server'
import { connectDemoDoors } from '~/server/seed/demo-doors.server'
import type { Mailer } from '~/server/services/auth/mailer'
import { processDueDoorAccess } from '~/server/services/door-access/sync-door-access.server'
import { tapDoor } from '~/server/services/door-access/tap-door.server'
import { sendDunningNotices } from '~/server/services/dunning/send-dunning-notices.server'
import { createStaffUser } from '~/server/services/users/create-staff-user.server'
import { recordVisits } from '~/server/services/visits/record-visits.server'
import { buildFixture } from './fixture'
import { createBenchDatabase } from './support'

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '2000' },
    days: { type: 'string', default: '42' },
    taps: { type: 'string', default: '300' },
    'visits-per-member': { type: 'string', default: '10' },
    'fixture-members': { type: 'string', default: '20000' },
    keep: { type: 'boolean', default: false },
  },
})
const members = Number(values.members)
const days = Number(values.days)
if (!Number.isSafeInteger(members) || members < 10 || members > 20_000) {
  console.error('--members is a whole number from 10 to 20,000')
  process.exit(2)
}
const fixtureMembers = Number(values['fixture-members'])
if (!Number.isSafeInteger(fixtureMembers) || fixtureMembers < 0 || fixtureMembers > 20_000) {
  console.error('--fixture-members is a whole number from 0 (none) to 20,000')
  process.exit(2)
}
const tapCount = Number(values.taps)
const visitsPerMember = Number(values['visits-per-member'])
if (
  ![tapCount, visitsPerMember].every((value) => Number.isSafeInteger(value) && value >= 1 && value <= 100_000)
) {
  console.error('--taps and --visits-per-member are whole numbers of at least 1')
  process.exit(2)
}
if (!Number.isSafeInteger(days) || days < 7 || days > 400) {
  console.error('--days is a whole number from 7 to 400')
  process.exit(2)
}

// Every statement node-postgres sends goes through Client#query (the pool's own `query` included).
let statements = 0
const clientQuery = Reflect.get(pg.Client.prototype, 'query')
if (typeof clientQuery !== 'function') throw new Error('node-postgres has no Client#query to count')
Reflect.set(pg.Client.prototype, 'query', function countedQuery(this: unknown, ...args: unknown[]) {
  statements += 1
  return Reflect.apply(clientQuery, this, args)
})

/** The providers, counting each call by provider and method (`card.charge`, `bank.pollCharge`, …). */
function countingProviders(providers: PaymentProviders, calls: Map<string, number>): PaymentProviders {
  const counted = (kind: string, provider: PaymentProvider): PaymentProvider =>
    new Proxy(provider, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver)
        if (typeof value !== 'function') return value
        return (...args: unknown[]) => {
          const name = `${kind}.${String(key)}`
          calls.set(name, (calls.get(name) ?? 0) + 1)
          return Reflect.apply(value, target, args)
        }
      },
    })
  return { card: counted('card', providers.card), bank: counted('bank', providers.bank) }
}

const format = (value: number, digits = 1) => value.toLocaleString('en-NZ', { maximumFractionDigits: digits })
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1)

const database = await createBenchDatabase('postgres', 'gymbase_footprint', { keep: values.keep })
try {
  const { handle } = database
  const { db } = handle
  console.info(`bench:footprint: ${format(members)} members, ${days} simulated days on ${database.label}`)
  await migrateDatabase(handle)

  // 1. The billing simulation: members join, pay, fail, fix their cards, pause and cancel.
  const started = performance.now()
  const simulationStatements = statements
  const simulation = await simulateBilling({
    db,
    start: DEFAULT_SIMULATION_START,
    days,
    members,
    seed: 'footprint',
    skipChecks: true,
    onDay: ({ index }) => {
      if (process.stderr.isTTY && index % 7 === 0) process.stderr.write(`\r  day ${index + 1} of ${days}…`)
    },
  })
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K')
  const organisationId = simulation.organisationId
  console.info(
    `simulation: ${seconds(started)} s, ${format(statements - simulationStatements)} statements ` +
      `(${format((statements - simulationStatements) / days)} a day, member actions and sign-ups included)`,
  )

  // 2. One more day of the billing jobs, as the workers run them, measured step by step.
  const day = addDays(simulation.end, 1)
  const morning = instantAt(day, '06:00')
  const providerCalls = new Map<string, number>()
  const providers = countingProviders(createSandboxProviders({ db }), providerCalls)
  const queueOnly: Mailer = {
    // The outbox rows the real mailer writes, without handing them to delivery (no SMTP here).
    send: async ({ db, organisationId, to, message, memberId }) => {
      await queueMails({ db, organisationId, messages: [{ to, message, memberId }] })
    },
    sendMany: async (options) => {
      await queueMails(options)
    },
  }
  const steps: Array<{ step: string; statements: number; seconds: string; rows: string }> = []
  const measure = async <T>(step: string, work: () => Promise<T>, rows: (answer: T) => string) => {
    const before = statements
    const at = performance.now()
    const answer = await work()
    steps.push({ step, statements: statements - before, seconds: seconds(at), rows: rows(answer) })
    return answer
  }
  // WAL the day writes (what a replica receives): the server's whole WAL, so other databases' writes
  // at the same moment count too; run it on a quiet server.
  const walAt = async () =>
    (await db.execute<{ lsn: string }>(sql`select pg_current_wal_lsn()::text as lsn`)).rows[0]?.lsn ?? '0/0'
  const walBytes = async (from: string) =>
    Number(
      (
        await db.execute<{ bytes: string }>(
          sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), ${from}::pg_lsn)::text as bytes`,
        )
      ).rows[0]?.bytes ?? 0,
    )
  const dayWal = await walAt()
  const dayStatements = statements
  await measure(
    'advanceSubscriptions',
    () => advanceSubscriptions({ db, now: morning }),
    (a) => `${a.renewed} renewed, ${a.paymentsCreated} payments made`,
  )
  const charged = await measure(
    'runBilling',
    () => runBilling({ db, providers, now: morning }),
    (c) => `${c.claimed} due: ${c.succeeded} paid, ${c.failed} failed, ${c.pending} pending`,
  )
  await measure(
    'sendDunningNotices',
    () => sendDunningNotices({ db, now: morning, mailer: queueOnly, siteUrl: publicSiteUrl }),
    (n) => `${n.paymentFailed + n.graceEnding + n.cancelledUnpaid} notices`,
  )
  const pollAt = instantAt(day, '09:00')
  await measure(
    'settleInDoubtAttempts',
    () => settleInDoubtAttempts({ db, providers, now: pollAt }),
    (n) => `${n} settled`,
  )
  await measure(
    'pollPendingPayments',
    () => pollPendingPayments({ db, providers, now: pollAt }),
    (n) => `${n} polled`,
  )
  const billingDayStatements = statements - dayStatements
  const billingDayWal = await walBytes(dayWal)
  console.info(
    `\nOne billing day (${day}) after the simulation, as the billing.daily and billing.poll jobs run it:`,
  )
  for (const step of steps)
    console.info(
      `  ${step.step.padEnd(22)} ${String(step.statements).padStart(6)} statements  ${step.seconds.padStart(5)} s  ${step.rows}`,
    )
  console.info(
    `  all of it: ${format(billingDayStatements)} statements for ${format(charged.claimed)} due payments = ` +
      `${format(billingDayStatements / Math.max(1, charged.claimed), 2)} a due payment`,
  )
  console.info(
    `  WAL written: ${format(billingDayWal / 1024, 0)} kB = ${format(billingDayWal / Math.max(1, charged.claimed), 0)} B a due payment`,
  )
  console.info(
    `  provider calls: ${[...providerCalls].map(([name, count]) => `${name} ${count}`).join(', ') || 'none'}` +
      ` = ${format([...providerCalls.values()].reduce((sum, count) => sum + count, 0) / Math.max(1, charged.claimed), 2)} a due payment`,
  )

  // 3. Doors, visits and sign-ins: the simulation has none of them.
  const doorsStarted = performance.now()
  const { user: owner } = await createStaffUser({
    db,
    now: morning,
    organisationId,
    name: 'Footprint Owner',
    email: 'owner@footprint.bench',
    organisationRole: 'admin',
    gymRoles: [],
    emailVerified: true,
  })
  const gymIds = (
    await db.select({ id: gyms.id }).from(gyms).where(eq(gyms.organisationId, organisationId))
  ).map((gym) => gym.id)
  await connectDemoDoors({ db, now: morning, organisationId, ownerId: owner.id, gymIds })
  const doorProviders = createDoorProviders({ db })
  const syncStatements = statements
  const synced = await processDueDoorAccess({ db, providers: doorProviders, now: morning, batchSize: 100 })
  const syncPerPerson = (statements - syncStatements) / Math.max(1, synced.synced)
  const frontDoors = await db
    .select({ id: doorIntegrations.id, gymId: doorIntegrations.gymId })
    .from(doorIntegrations)
    .where(and(eq(doorIntegrations.organisationId, organisationId), eq(doorIntegrations.name, 'Front door')))
  const memberRows = await db
    .select({ id: users.id, gymId: users.homeGymId })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.isStaff, false)))
  const payments = createSandboxPaymentServices({ db })
  const tapStatements = statements
  const tapsStarted = performance.now()
  const tapWal = await walAt()
  let taps = 0
  for (const member of memberRows.slice(0, tapCount)) {
    const door = frontDoors.find((candidate) => candidate.gymId === member.gymId) ?? frontDoors[0]
    if (!door) throw new Error('The sandbox door system opened no front door')
    await tapDoor({
      db,
      providers: doorProviders,
      payments,
      organisationId,
      doorId: door.id,
      tapped: { userId: member.id },
      now: instantAt(day, '10:00'),
    })
    taps += 1
  }
  const tapPerTap = (statements - tapStatements) / taps
  const tapSeconds = (performance.now() - tapsStarted) / 1000
  const walPerTap = (await walBytes(tapWal)) / taps
  // More visits and their deliveries, for tables big enough to weigh: each member's earlier visits
  // through recordVisits (the service the door event ends in, in batches), and a stored Kisi delivery
  // for each, copied from the last one the taps stored (same payload, its own event id).
  const doorOf = (gymId: number | null) => frontDoors.find((door) => door.gymId === gymId) ?? frontDoors[0]
  const earlier = memberRows.flatMap((member) =>
    Array.from({ length: visitsPerMember }, (_, index) => ({
      userId: member.id,
      gymId: doorOf(member.gymId)?.gymId ?? 0,
      doorIntegrationId: doorOf(member.gymId)?.id ?? null,
      visitedAt: instantAt(addDays(day, -1 - ((index * 3 + member.id) % days)), '07:30'),
      externalId: `footprint-${member.id}-${index}`,
    })),
  )
  const recorded = await recordVisits({ db, now: morning, organisationId, visits: earlier })
  await db.execute(sql`
    insert into webhook_events (provider, event_id, type, payload, received_at, processed_at, error,
      signature_verified, result, note, attempts, organisation_id)
    select w.provider, w.event_id || '-' || g, w.type, w.payload, w.received_at, w.processed_at, w.error,
      w.signature_verified, w.result, w.note, w.attempts, w.organisation_id
    from (select * from webhook_events where provider = 'kisi' order by id desc limit 1) w
    cross join generate_series(1, ${recorded}::int) g`)
  const sessionStatements = statements
  for (const member of memberRows)
    await createSession({
      db,
      userId: member.id,
      now: morning,
      twoFactorVerified: false,
      userAgent: 'Mozilla/5.0 (footprint)',
    })
  const sessionPerSignIn = (statements - sessionStatements) / memberRows.length
  console.info(
    `\nDoors and sign-ins (${seconds(doorsStarted)} s): access sync ${synced.synced} people, ${format(syncPerPerson, 2)} statements each; ` +
      `${taps} taps, ${format(tapPerTap, 2)} statements and ${format(walPerTap, 0)} B of WAL each, ${format(taps / tapSeconds)} taps/s one after another; ${recorded} earlier visits and deliveries; ${memberRows.length} sessions, ${format(sessionPerSignIn, 2)} statements each`,
  )

  // 4. Rows and bytes per table. Member-days: each member counted from the first simulated day they
  // were a member (their start, or the simulation's) to the end, the extra day included.
  const [{ memberDays = 0 } = {}] = (
    await db.execute<{ memberDays: number }>(sql`
      select coalesce(sum(greatest(0, ${day}::date - greatest(s.start_date, ${DEFAULT_SIMULATION_START}::date) + 1)), 0)::int
        as "memberDays"
      from subscriptions s where s.organisation_id = ${organisationId} and not s.is_staging`)
  ).rows
  const sizes = async () => {
    const rows = (
      await db.execute<{ name: string; heap: number; indexes: number; total: number }>(sql`
        select c.relname as name, pg_table_size(c.oid)::bigint::int as heap,
          pg_indexes_size(c.oid)::bigint::int as indexes, pg_total_relation_size(c.oid)::bigint::int as total
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relname not like '\\_\\_%'
        order by pg_total_relation_size(c.oid) desc`)
    ).rows
    return new Map(rows.map((row) => [row.name, row]))
  }
  // As the files stand after the run (dead row versions of updates included, as autovacuum leaves them
  // for reuse), then compacted (VACUUM FULL): the live rows and their indexes only.
  const standing = await sizes()
  await db.execute(sql`vacuum full analyze`)
  const compacted = await sizes()
  const memberCount = memberRows.length
  console.info(
    `\nTables (${format(memberCount)} members, ${format(memberDays)} member-days; "as is" counts dead row versions of updates, "compact" after VACUUM FULL):`,
  )
  console.info(
    `  ${'table'.padEnd(29)} ${'rows'.padStart(7)} ${'row B'.padStart(6)} ${'table kB'.padStart(8)} ${'index kB'.padStart(8)} ` +
      `${'B/row as is'.padStart(11)} ${'B/row compact'.padStart(13)} ${'rows/member'.padStart(11)} ${'rows/member-day'.padStart(15)} ${'B/member compact'.padStart(16)}`,
  )
  let totalStanding = 0
  let totalCompacted = 0
  for (const [name, after] of compacted) {
    const counted = Number(
      (await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(name)}`)).rows[0]
        ?.n ?? 0,
    )
    if (counted === 0) continue
    const average = Number(
      (
        await db.execute<{ bytes: number }>(
          sql`select avg(pg_column_size(t.*))::int as bytes from ${sql.identifier(name)} t`,
        )
      ).rows[0]?.bytes ?? 0,
    )
    const before = standing.get(name) ?? after
    totalStanding += before.total
    totalCompacted += after.total
    console.info(
      `  ${name.padEnd(29)} ${format(counted).padStart(7)} ${format(average).padStart(6)} ${format(after.heap / 1024, 0).padStart(8)} ` +
        `${format(after.indexes / 1024, 0).padStart(8)} ${format(before.total / counted, 0).padStart(11)} ${format(after.total / counted, 0).padStart(13)} ` +
        `${format(counted / memberCount, 3).padStart(11)} ${format(counted / memberDays, 4).padStart(15)} ${format(after.total / memberCount, 0).padStart(16)}`,
    )
  }
  console.info(
    `  all tables with rows: ${format(totalStanding / 1024 / 1024)} MB as is, ${format(totalCompacted / 1024 / 1024)} MB compact = ` +
      `${format(totalStanding / memberCount, 0)} and ${format(totalCompacted / memberCount, 0)} B a member`,
  )
  const boss = (
    await db.execute<{ bytes: number }>(sql`
      select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint::int as bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'pgboss' and c.relkind = 'r'`)
  ).rows[0]?.bytes
  if (boss) console.info(`  pg-boss schema: ${format(boss / 1024, 0)} kB`)
  const whole = (
    await db.execute<{ bytes: number }>(
      sql`select pg_database_size(current_database())::bigint::int as bytes`,
    )
  ).rows[0]?.bytes
  console.info(
    `  the whole database: ${format((whole ?? 0) / 1024 / 1024)} MB; ${format(statements)} statements in all`,
  )
} finally {
  await database.drop()
}

// 5. The big tables at a size where every index weighs what it will: the list benchmarks' fixture
// (scripts/bench/fixture.ts: a year of payments with retries and visits per member, set-based, the
// summaries and totals kept by the same triggers) in a database of its own, compacted.
if (fixtureMembers > 0) {
  const fixture = await createBenchDatabase('postgres', 'gymbase_footprint_fixture', { keep: values.keep })
  try {
    const { db } = fixture.handle
    console.info(`\nThe list benchmarks' fixture with ${format(fixtureMembers)} members on ${fixture.label}:`)
    await migrateDatabase(fixture.handle)
    await buildFixture(fixture.handle, new Date(), {
      members: fixtureMembers,
      paymentsPerMembership: 12,
      visitSlotsPerMember: 20,
      retries: true,
    })
    await db.execute(sql`vacuum full analyze`)
    console.info(
      `  ${'table'.padEnd(24)} ${'rows'.padStart(9)} ${'row B'.padStart(6)} ${'table kB'.padStart(9)} ${'index kB'.padStart(9)} ${'B/row compact'.padStart(13)} ${'rows/member'.padStart(11)}`,
    )
    for (const name of [
      'payments',
      'visits',
      'users',
      'member_summaries',
      'subscriptions',
      'payment_member_totals',
      'payment_day_totals',
      'payment_amount_totals',
      'visit_member_counts',
      'visit_day_counts',
    ]) {
      const [row] = (
        await db.execute<{ rows: number; bytes: number; heap: number; indexes: number; total: number }>(sql`
          select (select count(*)::int from ${sql.identifier(name)}) as rows,
            (select avg(pg_column_size(t.*))::int from ${sql.identifier(name)} t) as bytes,
            pg_table_size(${name}::regclass)::bigint::int as heap, pg_indexes_size(${name}::regclass)::bigint::int as indexes,
            pg_total_relation_size(${name}::regclass)::bigint::int as total`)
      ).rows
      if (!row || row.rows === 0) continue
      console.info(
        `  ${name.padEnd(24)} ${format(row.rows).padStart(9)} ${format(row.bytes).padStart(6)} ${format(row.heap / 1024, 0).padStart(9)} ` +
          `${format(row.indexes / 1024, 0).padStart(9)} ${format(row.total / row.rows, 0).padStart(13)} ${format(row.rows / fixtureMembers, 2).padStart(11)}`,
      )
    }
  } finally {
    await fixture.drop()
  }
}

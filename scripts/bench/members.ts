/**
 * `npm run bench:members -- [--members N] [--clients C] [--requests R] [--database postgres|pglite]`:
 * how fast the members list answers (issue 15 point 6: `GET /api/members` p95 under 50 ms at 10
 * concurrent clients for the default page and for each filter and sort, the member's page under 50 ms,
 * the CSV export of 100,000 members under 10 s with the server's memory flat).
 *
 * Builds a throw-away database (PostgreSQL on DATABASE_URL's server, else 127.0.0.1:5432, dropped
 * afterwards; or PGlite in memory) with one organisation, three gyms, three prices and N members (set-
 * based inserts: the fixture is not what is measured): 90 % with a membership in every state of SPEC §4
 * (paused, cancelled before and after the paid-through day, in grace, upcoming, active), a year of
 * monthly payments and about 20 visits each, a tenth tagged. Then C clients call the in-process API
 * (cookies and CSRF headers: the whole HTTP handler, no socket), each sending its next request as soon as
 * the last answered, R requests per case; it prints p50/p95/max per case, then times the export and
 * samples this process's memory (RSS) while it streams.
 *
 * `--keep` leaves the database (its name is printed) and `--reuse NAME` runs the cases on it without
 * building the fixture again; `--explain` prints the plans of a few cases as the API runs them.
 */
import { parseArgs } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import { migrateDatabase } from '~/db/client.server'
import { gyms as gymsTable, offerings, organisations } from '~/db/schema'
import { memberFilterStates } from '~/features/members/member-filters'
import { createApi } from '~/server/api/app'
import { createFakeGym } from '~/server/seed/factories/gym-factory.server'
import { createRandom } from '~/server/seed/random'
import { memberPageStatements } from '~/server/services/members/find-member-page.server'
import { createOffering } from '~/server/services/offerings/create-offering.server'
import { createOrganisation } from '~/server/services/organisations/create-organisation.server'
import { createPrice } from '~/server/services/prices/create-price.server'
import { benchStaffCookies, consoleHeaders, createBenchDatabase, milliseconds, percentile } from './support'

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '10' },
    requests: { type: 'string', default: '200' },
    database: { type: 'string', default: 'postgres' },
    explain: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
  },
})
const members = Number(values.members)
const clients = Number(values.clients)
const requests = Number(values.requests)
const kind = values.database === 'pglite' ? 'pglite' : 'postgres'

const now = new Date('2026-11-24T01:00:00Z')
const random = createRandom('bench-members')
const database = await createBenchDatabase(kind, 'gymbase_bench_members', {
  keep: values.keep,
  reuse: values.reuse,
})
console.info(`Database: ${database.label}`)
try {
  const { db } = database.handle
  if (!database.reused) await migrateDatabase(database.handle)
  const { organisation, gyms, offering } = database.reused ? await readFixture() : await buildFixture()
  const cookies = await benchStaffCookies({
    handle: database.handle,
    now,
    organisationId: organisation.id,
    gymId: gyms[0] ?? 0,
    domain: 'members.bench',
  })
  const owner = consoleHeaders(cookies.owner)
  const manager = consoleHeaders(cookies.manager)
  const api = createApi({ database: async () => database.handle, clock: () => now })
  const get = async (headers: Record<string, string>, path: string) => {
    const response = await api.fetch(new Request(`http://console.localhost:3000/api${path}`, { headers }))
    if (response.status !== 200)
      throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
    return response.json() as Promise<{ meta?: { total: number } }>
  }

  if (values.explain) {
    // The plans of the default page, a state filter and the last-visit sort, as the API runs them.
    for (const [label, filters] of [
      ['default page', { sort: 'name' as const }],
      ['state=paused', { sort: 'name' as const, state: 'paused' as const }],
      ['sort=-last_visit', { sort: '-last_visit' as const }],
    ] as const) {
      const statements = await memberPageStatements({
        db,
        organisationId: organisation.id,
        scope: { gymIds: gyms, wholeOrganisation: true },
        filters,
        now,
        page: 1,
        perPage: 25,
      })
      for (const [part, statement] of Object.entries(statements)) {
        const driver = database.handle.driver
        const text = `explain (analyze, buffers) ${statement.sql}`
        const plan =
          driver.kind === 'pg'
            ? (await driver.pool.query(text, statement.params)).rows
            : (await driver.pglite.query<Record<string, string>>(text, statement.params)).rows
        console.info(`\n${label} — ${part}:\n${plan.map((row) => row['QUERY PLAN']).join('\n')}`)
      }
    }
  }

  const sample = await db.execute<{ id: number }>(
    sql`select id from users where organisation_id = ${organisation.id} and not is_staff order by random() limit 200`,
  )
  const memberIds = sample.rows.map((row) => row.id)
  const cases: Array<[string, Record<string, string>, (index: number) => string]> = [
    ['default page (organisation admin)', owner, (index) => `/members?page=${1 + (index % 5)}`],
    ['default page (gym admin, one gym)', manager, (index) => `/members?page=${1 + (index % 5)}`],
    ['page 2,000 of 4,000', owner, () => '/members?page=2000'],
    ...memberFilterStates.map((state): [string, Record<string, string>, (index: number) => string] => [
      `state=${state}`,
      owner,
      () => `/members?state=${state}`,
    ]),
    ['gym_id', owner, () => `/members?gym_id=${gyms[1]}`],
    ['offering_id', owner, () => `/members?offering_id=${offering.id}`],
    ['tag=VIP', owner, () => '/members?tag=VIP'],
    ['joined between', owner, () => '/members?joined_from=2026-01-01&joined_to=2026-03-31'],
    ['not visited for 30 days', owner, () => '/members?not_visited_days=30'],
    ['owing=true', owner, () => '/members?owing=true'],
    [
      'search text',
      owner,
      (index) => `/members?search=${['aroha', 'patel', 'wiremu t', '021 0001', 'member12'][index % 5]}`,
    ],
    ['sort=-joined', owner, () => '/members?sort=-joined'],
    ['sort=-last_visit', owner, () => '/members?sort=-last_visit'],
    ['sort=-balance', owner, () => '/members?sort=-balance'],
    ['member page (GET /members/{id})', owner, (index) => `/members/${memberIds[index % memberIds.length]}`],
  ]
  console.info(
    `\n${clients} concurrent clients, ${requests} requests a case (after ${Math.min(50, requests)} to warm up):`,
  )
  for (const [label, headers, path] of cases) {
    const run = async (count: number, timings: number[] | null) => {
      let next = 0
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (next < count) {
            const index = next
            next += 1
            const at = performance.now()
            await get(headers, path(index))
            timings?.push(performance.now() - at)
          }
        }),
      )
    }
    await run(Math.min(50, requests), null)
    const timings: number[] = []
    await run(requests, timings)
    timings.sort((a, b) => a - b)
    const total = (await get(headers, path(0))).meta?.total
    console.info(
      `  ${label.padEnd(36)} p50 ${milliseconds(percentile(timings, 0.5)).padStart(9)}  p95 ${milliseconds(percentile(timings, 0.95)).padStart(9)}  max ${milliseconds(timings.at(-1) ?? Number.NaN).padStart(9)}${total === undefined ? '' : `  (${total.toLocaleString('en-NZ')} members)`}`,
    )
  }

  // The export of every member, streamed; this process's memory sampled while it runs.
  const rssBefore = process.memoryUsage().rss
  let peak = rssBefore
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 50)
  const exportStarted = performance.now()
  const response = await api.fetch(
    new Request('http://console.localhost:3000/api/members/export', {
      method: 'POST',
      headers: owner,
      body: JSON.stringify({}),
    }),
  )
  let bytes = 0
  let lines = 0
  const reader = response.body?.getReader()
  for (;;) {
    const chunk = await reader?.read()
    if (!chunk || chunk.done) break
    bytes += chunk.value.length
    for (const byte of chunk.value) if (byte === 10) lines += 1
  }
  clearInterval(sampler)
  const mb = (value: number) => `${(value / 1024 / 1024).toFixed(0)} MB`
  console.info(
    `\nExport: ${(lines - 1).toLocaleString('en-NZ')} members, ${mb(bytes)} of CSV in ${((performance.now() - exportStarted) / 1000).toFixed(1)} s; ` +
      `this process's memory ${mb(rssBefore)} before, peak ${mb(peak)}`,
  )
} finally {
  await database.drop()
}

/** The organisation, gyms, prices and members the cases read (set-based inserts, then analysed). */
async function buildFixture() {
  const { db } = database.handle
  const organisation = await createOrganisation({ db, now, name: 'Members Fitness', multiGym: true })
  const gyms: number[] = []
  for (const name of ['Ponsonby', 'Newmarket', 'Takapuna']) {
    gyms.push((await createFakeGym({ db, random, organisationId: organisation.id, name, now })).gym.id)
  }
  const { offering } = await createOffering({
    db,
    now,
    organisationId: organisation.id,
    name: '24/7 Access',
    type: '24_7',
    allGymsAccess: true,
  })
  const prices: number[] = []
  for (const amount of [1899, 2599, 7900]) {
    const price = await createPrice({
      db,
      now,
      organisationId: organisation.id,
      offeringId: offering.id,
      amount,
      billingFrequency: amount === 7900 ? 'monthly' : 'weekly',
    })
    prices.push(price.id)
  }

  const started = performance.now()
  const step = (label: string, began: number) =>
    console.info(`  ${label} in ${((performance.now() - began) / 1000).toFixed(1)} s`)
  let began = performance.now()
  await db.execute(sql`
    insert into users (organisation_id, name, email, mobile_number, home_gym_id, tags, created_at, updated_at)
    select ${organisation.id},
      (array['Aroha','Mere','Tama','Wiremu','Olivia','Liam','Ana','Sione','Priya','Jack'])[1 + n % 10] || ' ' ||
        (array['Ngata','Smith','Patel','Tuilagi','Brown','Kumar','Wilson','Te Rangi','Lee','Taylor'])[1 + (n / 10) % 10] || ' ' || n,
      'member' || n || '@members.bench',
      '021 ' || lpad((n % 10000000)::text, 7, '0'),
      (array[${gyms[0]}::int, ${gyms[1]}::int, ${gyms[2]}::int])[1 + n % 3],
      case when n % 10 = 0 then array['VIP'] else '{}'::text[] end,
      ${now}::timestamptz - ((n % 1500) || ' days')::interval,
      ${now}
    from generate_series(1, ${members}) as n`)
  step(`${members.toLocaleString('en-NZ')} members`, began)

  began = performance.now()
  // States spread as a gym has them: most active, some paused, cancelled (still running or ended), in
  // grace, upcoming; a tenth without a membership.
  await db.execute(sql`
    insert into subscriptions (organisation_id, user_id, gym_id, price_id, start_date, current_period_start,
      current_period_end, pause_start_at, pause_end_at, cancelled_at, undo_cancellation_until,
      grace_period_ends_at, upcoming_state, balance_owing, created_at, updated_at)
    select ${organisation.id}, u.id, u.home_gym_id,
      (array[${prices[0]}::int, ${prices[1]}::int, ${prices[2]}::int])[1 + u.id % 3],
      (${now}::date - (u.id % 700))::date,
      (${now}::date - (u.id % 7))::date,
      (${now}::date + 7 - (u.id % 7) - case when u.id % 50 = 3 then 10 else 0 end)::date,
      case when u.id % 30 = 1 then (${now}::date - 3)::date when u.id % 30 = 2 then (${now}::date + 5)::date end,
      case when u.id % 30 in (1, 2) then (${now}::date + 20)::date end,
      case when u.id % 50 in (3, 4) then ${now}::timestamptz - interval '5 days' end,
      case when u.id % 50 in (3, 4) then ${now}::timestamptz - interval '4 days' end,
      case when u.id % 25 = 5 then (${now}::date + 5)::date end,
      case when u.id % 25 = 5 then 'failed' when u.id % 60 = 6 then 'upcoming' end,
      case when u.id % 25 = 5 then 2599 else 0 end,
      ${now}::timestamptz - ((u.id % 700) || ' days')::interval,
      ${now}
    from users u
    where u.organisation_id = ${organisation.id} and not u.is_staff and u.id % 10 <> 9`)
  step('memberships', began)

  began = performance.now()
  await db.execute(sql`
    insert into payments (organisation_id, subscription_id, user_id, gym_id, amount, due_on, status, type,
      paid_at, created_at, updated_at)
    select s.organisation_id, s.id, s.user_id, s.gym_id, 2599, (${now}::date - 30 * m)::date,
      case when m = 0 then 'upcoming' when (s.id + m) % 20 = 0 then 'failed' else 'sent' end,
      'stripe_card',
      case when m > 0 and (s.id + m) % 20 <> 0 then ${now}::timestamptz - ((30 * m) || ' days')::interval end,
      ${now}, ${now}
    from subscriptions s cross join generate_series(0, 11) as m
    where s.organisation_id = ${organisation.id}`)
  step('a year of payments', began)

  began = performance.now()
  await db.execute(sql`
    insert into visits (organisation_id, gym_id, user_id, visited_at, successful)
    select u.organisation_id, u.home_gym_id, u.id,
      ${now}::timestamptz - ((v * 17 + u.id % 13) || ' days')::interval - ((u.id % 600) || ' minutes')::interval,
      (u.id + v) % 40 <> 0
    from users u cross join generate_series(0, 19) as v
    where u.organisation_id = ${organisation.id} and not u.is_staff and (u.id + v) % 7 <> 0`)
  step('visits', began)
  // The bulk load rewrote each member's summary once per table (member, membership, visits): compact it
  // as an import would (ADR 026), so the figures are of the table's size and not of its load history.
  await db.execute(sql`vacuum full member_summaries`)
  await db.execute(sql`vacuum analyze`)
  step('all of it, analysed,', started)

  return { organisation, gyms, offering }
}

/** The fixture of a kept database (`--reuse`). */
async function readFixture() {
  const { db } = database.handle
  const [organisation] = await db
    .select()
    .from(organisations)
    .where(eq(organisations.name, 'Members Fitness'))
  if (!organisation) throw new Error('This database has no benchmark fixture')
  const gymRows = await db
    .select({ id: gymsTable.id })
    .from(gymsTable)
    .where(eq(gymsTable.organisationId, organisation.id))
    .orderBy(gymsTable.id)
  const [offering] = await db.select().from(offerings).where(eq(offerings.organisationId, organisation.id))
  if (!offering) throw new Error('This database has no benchmark fixture')
  return { organisation, gyms: gymRows.map((gym) => gym.id), offering }
}

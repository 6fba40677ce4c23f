/**
 * `npm run bench:members -- [--members N] [--clients C] [--requests R] [--database postgres|pglite]
 * [--keep] [--reuse NAME] [--explain] [--cases REGEX]`:
 * how fast the members list answers (issue 15 point 6: `GET /api/members` p95 under 50 ms at 10
 * concurrent clients for the default page and for each filter and sort, the member's page under 50 ms,
 * the CSV export of 100,000 members under 10 s with the server's memory flat).
 *
 * Builds a throw-away database (PostgreSQL on DATABASE_URL's server, else 127.0.0.1:5432, dropped
 * afterwards; or PGlite in memory) with `./fixture`'s organisation at `listsFixtureSize` with N members
 * (set-based inserts: the fixture is not what is measured): 90 % with a membership in every state of
 * SPEC §4, about ten payments and twenty visits each (the fixture bench:payments reads too, so one
 * `--keep` build serves both), a tenth tagged, "Aroha" the first name of a tenth of them. Then C clients
 * call the in-process API (cookies and CSRF headers: the whole HTTP handler, no socket), each sending its
 * next request as soon as the last answered, R requests per case: every filter, every sort both ways,
 * broad and narrow searches, deep pages; it prints p50/p95/max per case (SLOW over 50 ms, issue 29
 * point 4), then times the export and samples this process's memory (RSS) while it streams.
 *
 * `--keep` leaves the database (its name is printed) and `--reuse NAME` runs the cases on it without
 * building the fixture again (a kept database is migrated first). `--explain` prints `EXPLAIN (ANALYZE,
 * BUFFERS)` of each case's statements as the API sent them; `--cases REGEX` runs only the cases (and the
 * export: `export members`) whose label matches.
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { memberFilterStates, memberSorts } from '~/contracts/member-filters'
import { migrateDatabase } from '~/db/client.server'
import { buildFixture, listsFixtureSize, readFixture } from './fixture'
import {
  benchConsoleApi,
  benchStaffHeaders,
  createBenchDatabase,
  explainCases,
  milliseconds,
  percentile,
  runConcurrently,
  timeConcurrently,
} from './support'

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '10' },
    requests: { type: 'string', default: '200' },
    database: { type: 'string', default: 'postgres' },
    explain: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    cases: { type: 'string' },
  },
})
const members = Number(values.members)
const clients = Number(values.clients)
const requests = Number(values.requests)
const kind = values.database === 'pglite' ? 'pglite' : 'postgres'
const only = values.cases ? new RegExp(values.cases, 'i') : null
const wanted = (label: string) => only === null || only.test(label)

const now = new Date('2026-11-24T01:00:00Z')
const database = await createBenchDatabase(kind, 'gymbase_bench_members', {
  keep: values.keep,
  reuse: values.reuse,
})
console.info(`Database: ${database.label}`)
try {
  const { db } = database.handle
  // A kept database is migrated too, so a `--reuse` run measures the indexes of the code it runs.
  await migrateDatabase(database.handle)
  const { organisation, gyms, offering } = database.reused
    ? await readFixture(database.handle)
    : await buildFixture(database.handle, now, { ...listsFixtureSize, members })
  const { owner, manager } = await benchStaffHeaders({
    handle: database.handle,
    now,
    organisationId: organisation.id,
    gymId: gyms[0] ?? 0,
    domain: 'members.bench',
  })
  const { api, get: getJson } = benchConsoleApi(database.handle, now)
  const get = (headers: Record<string, string>, path: string) =>
    getJson<{ meta?: { total: number } }>(headers, path)

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
    ['search=aroha (a tenth of members)', owner, () => '/members?search=aroha'],
    ['search=aroha (a tenth of members) sort=-name', owner, () => '/members?search=aroha&sort=-name'],
    ['search=aroha (a tenth of members) sort=balance', owner, () => '/members?search=aroha&sort=balance'],
    ['search=aroha sort=-joined', owner, () => '/members?search=aroha&sort=-joined'],
    ['search=aroha state=paused', owner, () => '/members?search=aroha&state=paused'],
    ['search=aroha page 200', owner, () => '/members?search=aroha&page=200'],
    ['search=ar (a piece of many names)', owner, () => '/members?search=ar'],
    ['search=patel (a tenth, surname)', owner, () => '/members?search=patel'],
    ['search=wiremu t', owner, () => `/members?search=${encodeURIComponent('wiremu t')}`],
    ['search=021 0001', owner, () => `/members?search=${encodeURIComponent('021 0001')}`],
    ['search=member12', owner, () => '/members?search=member12'],
    [
      "search=one member's e-mail",
      owner,
      (index) => `/members?search=${encodeURIComponent(`member${1000 + ((index * 7919) % 90000)}@`)}`,
    ],
    ...memberSorts.map((sort): [string, Record<string, string>, (index: number) => string] => [
      `sort=${sort}`,
      owner,
      () => `/members?sort=${sort}`,
    ]),
    ['sort=-last_visit state=paused', owner, () => '/members?sort=-last_visit&state=paused'],
    ['sort=balance owing=true', owner, () => '/members?sort=balance&owing=true'],
    ['sort=-joined page 2,000', owner, () => '/members?sort=-joined&page=2000'],
    ['member page (GET /members/{id})', owner, (index) => `/members/${memberIds[index % memberIds.length]}`],
  ]
  if (values.explain) {
    await explainCases({
      handle: database.handle,
      now,
      cases: cases.filter(([label]) => wanted(label)),
      tables: /from "(member_summaries|member_counts|users)"/,
    })
  }

  console.info(
    `\n${clients} concurrent clients, ${requests} requests a case (after ${Math.min(50, requests)} to warm up):`,
  )
  for (const [label, headers, path] of cases) {
    if (!wanted(label)) continue
    await runConcurrently(clients, Math.min(50, requests), (index) => get(headers, path(index)))
    const timings = await timeConcurrently(clients, requests, (index) => get(headers, path(index)))
    const total = (await get(headers, path(0))).meta?.total
    const p95 = percentile(timings, 0.95)
    console.info(
      `  ${label.padEnd(36)} p50 ${milliseconds(percentile(timings, 0.5)).padStart(9)}  p95 ${milliseconds(p95).padStart(9)}  max ${milliseconds(timings.at(-1) ?? Number.NaN).padStart(9)}${p95 > 50 ? ' SLOW' : '     '}${total === undefined ? '' : `  (${total.toLocaleString('en-NZ')} members)`}`,
    )
  }

  // The export of every member, streamed; this process's memory sampled while it runs.
  if (!wanted('export members')) process.exit(0)
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

/**
 * `npm run bench:payments -- [--members N] [--clients C] [--requests R] [--keep] [--reuse NAME] [--explain]
 * [--cases REGEX]`: how fast the payments and visits lists answer (issue 16 point 5: `GET /api/payments`
 * and `GET /api/visits` p95 under 50 ms at 10 concurrent clients for the default page and each filter,
 * with the filtered totals; the export of 1,000,000 payments under 60 s with the server's memory flat).
 *
 * Builds a throw-away PostgreSQL database (DATABASE_URL's server, else 127.0.0.1:5432, dropped afterwards)
 * with `./fixture`'s organisation at `listsFixtureSize`: N members (100,000), about ten payments each
 * over the last year (~1,020,000: sent, failed with the providers' codes, retries, bank requests
 * pending, upcoming; card, bank and desk) and ~2,060,000 visits (one in forty refused). Then C clients
 * call the in-process API (cookies and CSRF headers: the whole HTTP handler, no socket), each sending its
 * next request as soon as the last answered, R requests per case; it prints p50/p95/max per case and the
 * filtered count (and the payments' totals), then times both exports of everything, streamed and
 * counted, sampling this process's memory (RSS) every 100 ms.
 *
 * `--keep` leaves the database (its name is printed) and `--reuse NAME` runs the cases on it without
 * building the fixture again (it takes minutes). `--explain` prints `EXPLAIN (ANALYZE, BUFFERS)` of each
 * case's list and count statements exactly as the API sent them (read from a query logger on a second
 * connection pool, for the bench only). `--cases REGEX` runs only the cases (and exports: `export
 * payments`, `export visits`) whose label matches.
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { paymentFilterStatuses, paymentFilterTypes } from '~/contracts/payment-filters'
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
    members: { type: 'string', default: String(listsFixtureSize.members) },
    clients: { type: 'string', default: '10' },
    requests: { type: 'string', default: '200' },
    explain: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    cases: { type: 'string' },
  },
})
const members = Number(values.members)
const clients = Number(values.clients)
const requests = Number(values.requests)
const only = values.cases ? new RegExp(values.cases, 'i') : null
const wanted = (label: string) => only === null || only.test(label)

const now = new Date('2026-11-24T01:00:00Z')
const database = await createBenchDatabase('postgres', 'gymbase_bench_payments', {
  keep: values.keep,
  reuse: values.reuse,
})
console.info(`Database: ${database.label}`)
try {
  const { db } = database.handle
  // A kept database is migrated too, so a `--reuse` run measures the indexes of the code it runs.
  await migrateDatabase(database.handle)
  const { organisation, gyms } = database.reused
    ? await readFixture(database.handle)
    : await buildFixture(database.handle, now, { ...listsFixtureSize, members })
  const sizes = await db.execute<{ payments: number; visits: number; members: number }>(sql`
    select (select count(*)::int from payments where organisation_id = ${organisation.id}) as payments,
      (select count(*)::int from visits where organisation_id = ${organisation.id}) as visits,
      (select count(*)::int from member_summaries where organisation_id = ${organisation.id}) as members`)
  const size = sizes.rows[0]
  console.info(
    `Fixture: ${size?.members.toLocaleString('en-NZ')} members, ${size?.payments.toLocaleString('en-NZ')} payments, ${size?.visits.toLocaleString('en-NZ')} visits`,
  )
  const { owner, manager } = await benchStaffHeaders({
    handle: database.handle,
    now,
    organisationId: organisation.id,
    gymId: gyms[0] ?? 0,
    domain: 'members.bench',
  })
  const { api, get: getJson } = benchConsoleApi(database.handle, now)
  const get = (headers: Record<string, string>, path: string) =>
    getJson<{
      meta?: { total: number }
      totals?: { count: number; collected: number; pending: number; failed: number }
    }>(headers, path)

  type Case = [label: string, headers: Record<string, string>, path: (index: number) => string]
  const searches = (list: string): Case[] => [
    [`${list} search=aroha (a tenth of members)`, owner, () => `/${list}?search=aroha`],
    [`${list} search=wiremu t`, owner, () => `/${list}?search=${encodeURIComponent('wiremu t')}`],
    [
      `${list} search=one member's e-mail`,
      owner,
      (index) => `/${list}?search=${encodeURIComponent(`member${1000 + ((index * 7919) % 90000)}@`)}`,
    ],
    [`${list} search=aroha page 200`, owner, () => `/${list}?search=aroha&page=200`],
    [`${list} search=aroha sort=member`, owner, () => `/${list}?search=aroha&sort=member`],
    [`${list} search=aroha sort=-member`, owner, () => `/${list}?search=aroha&sort=-member`],
  ]
  const cases: Case[] = [
    ['payments default page (organisation admin)', owner, (index) => `/payments?page=${1 + (index % 5)}`],
    ['payments default page (gym admin, one gym)', manager, (index) => `/payments?page=${1 + (index % 5)}`],
    ['payments page 2,000 (offset 49,975)', owner, () => '/payments?page=2000'],
    ...paymentFilterStatuses.map(
      (status): Case => [`payments status=${status}`, owner, () => `/payments?status=${status}`],
    ),
    ...paymentFilterTypes.map(
      (type): Case => [`payments type=${type}`, owner, () => `/payments?type=${type}`],
    ),
    ['payments gym_id', owner, () => `/payments?gym_id=${gyms[1]}`],
    ['payments due in a month', owner, () => '/payments?due_from=2026-09-01&due_to=2026-09-30'],
    ['payments due in a week', owner, () => '/payments?due_from=2026-11-10&due_to=2026-11-16'],
    ['payments retries=true', owner, () => '/payments?retries=true'],
    ['payments amount 20-30 dollars', owner, () => '/payments?amount_min=2000&amount_max=3000'],
    ['payments amount over 70 dollars', owner, () => '/payments?amount_min=7000'],
    ['payments amount under 5 dollars (pro-rata, a year ago)', owner, () => '/payments?amount_max=500'],
    ['payments amount under 5 dollars by member', owner, () => '/payments?amount_max=500&sort=member'],
    ...searches('payments'),
    [
      'payments failed in a month at a gym',
      owner,
      () => `/payments?status=failed&gym_id=${gyms[2]}&due_from=2026-09-01&due_to=2026-09-30`,
    ],
    ['payments sort=due_on', owner, () => '/payments?sort=due_on'],
    ['payments sort=-amount', owner, () => '/payments?sort=-amount'],
    ['payments sort=amount', owner, () => '/payments?sort=amount'],
    ['payments sort=member', owner, () => '/payments?sort=member'],
    ['payments sort=-member', owner, () => '/payments?sort=-member'],
    ['payments status=failed sort=member', owner, () => '/payments?status=failed&sort=member'],
    ['payments search=aroha sort=-amount', owner, () => '/payments?search=aroha&sort=-amount'],
    ['visits default page (organisation admin)', owner, (index) => `/visits?page=${1 + (index % 5)}`],
    ['visits default page (gym admin, one gym)', manager, (index) => `/visits?page=${1 + (index % 5)}`],
    ['visits page 2,000 (offset 49,975)', owner, () => '/visits?page=2000'],
    ['visits gym_id', owner, () => `/visits?gym_id=${gyms[1]}`],
    ['visits one day', owner, () => '/visits?from=2026-11-20&to=2026-11-20'],
    ['visits a week', owner, () => '/visits?from=2026-11-14&to=2026-11-20'],
    ['visits successful=true', owner, () => '/visits?successful=true'],
    ['visits successful=false', owner, () => '/visits?successful=false'],
    ...searches('visits'),
    ['visits sort=visited_at', owner, () => '/visits?sort=visited_at'],
    ['visits sort=member', owner, () => '/visits?sort=member'],
    ['visits sort=-member', owner, () => '/visits?sort=-member'],
    ['visits successful=false sort=member', owner, () => '/visits?successful=false&sort=member'],
    ['visits a week sort=member', owner, () => '/visits?from=2026-11-14&to=2026-11-20&sort=member'],
  ]

  if (values.explain) {
    await explainCases({
      handle: database.handle,
      now,
      cases: cases.filter(([label]) => wanted(label)),
      tables:
        /from "(payments|visits|payment_day_totals|payment_amount_totals|payment_member_totals|visit_day_counts|visit_member_counts|member_summaries)"/,
    })
  }

  console.info(
    `\n${clients} concurrent clients, ${requests} requests a case (after ${Math.min(50, requests)} to warm up):`,
  )
  const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-NZ')}`
  for (const [label, headers, path] of cases) {
    if (!wanted(label)) continue
    await runConcurrently(clients, Math.min(50, requests), (index) => get(headers, path(index)))
    const timings = await timeConcurrently(clients, requests, (index) => get(headers, path(index)))
    const answer = await get(headers, path(0))
    const p95 = percentile(timings, 0.95)
    const totals = answer.totals
      ? `  collected ${dollars(answer.totals.collected)}, pending ${dollars(answer.totals.pending)}, failed ${dollars(answer.totals.failed)}`
      : ''
    console.info(
      `  ${label.padEnd(46)} p50 ${milliseconds(percentile(timings, 0.5)).padStart(9)}  p95 ${milliseconds(p95).padStart(9)}  max ${milliseconds(timings.at(-1) ?? Number.NaN).padStart(9)}${p95 > 50 ? ' SLOW' : '     '}  (${(answer.meta?.total ?? 0).toLocaleString('en-NZ')})${totals}`,
    )
  }

  // Each export of everything, streamed and counted; this process's memory sampled while it runs.
  for (const list of ['payments', 'visits'] as const) {
    if (!wanted(`export ${list}`)) continue
    const mb = (value: number) => `${(value / 1024 / 1024).toFixed(0)} MB`
    const rssBefore = process.memoryUsage().rss
    let peak = rssBefore
    // RSS and the JavaScript heap every 100 ms, so the print can show whether memory plateaus or climbs.
    const samples: Array<{ rss: number; heap: number }> = []
    const sampler = setInterval(() => {
      const usage = process.memoryUsage()
      peak = Math.max(peak, usage.rss)
      samples.push({ rss: usage.rss, heap: usage.heapUsed })
    }, 100)
    const started = performance.now()
    const response = await api.fetch(
      new Request(`http://console.localhost:3000/api/${list}/export`, {
        method: 'POST',
        headers: owner,
        body: JSON.stringify({}),
      }),
    )
    if (response.status !== 200) throw new Error(`${list} export answered ${response.status}`)
    let bytes = 0
    let lines = 0
    let firstByte = Number.NaN
    const reader = response.body?.getReader()
    for (;;) {
      const chunk = await reader?.read()
      if (!chunk || chunk.done) break
      if (Number.isNaN(firstByte)) firstByte = performance.now() - started
      bytes += chunk.value.length
      for (const byte of chunk.value) if (byte === 10) lines += 1
    }
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    peak = Math.max(peak, process.memoryUsage().rss)
    console.info(
      `\nExport ${list}: ${(lines - 1).toLocaleString('en-NZ')} rows, ${mb(bytes)} of CSV in ${seconds.toFixed(1)} s ` +
        `(first bytes after ${milliseconds(firstByte)}, ${Math.round((lines - 1) / seconds).toLocaleString('en-NZ')} rows/s); ` +
        `this process's memory ${mb(rssBefore)} before, peak ${mb(peak)}, after ${mb(process.memoryUsage().rss)}`,
    )
    const tenths = Array.from(
      { length: 10 },
      (_, tenth) => samples[Math.floor(((tenth + 1) * samples.length) / 10) - 1],
    )
    console.info(
      `  RSS / heap used at each tenth of the export: ${tenths.map((sample) => (sample ? `${mb(sample.rss)}/${mb(sample.heap)}` : '-')).join(', ')}`,
    )
  }
} finally {
  await database.drop()
}

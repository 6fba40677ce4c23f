/**
 * `npm run bench:exports -- [--members N] [--payments-per-member P] [--visit-slots V] [--lists a,b]
 * [--keep] [--reuse NAME]`: the members, payments and visits CSV exports of a million rows each (issue
 * 29 point 4: each streams in under 30 s with the process's memory rising less than 100 MB above idle).
 *
 * Builds a throw-away PostgreSQL database (DATABASE_URL's server, else 127.0.0.1:5432, dropped afterwards)
 * with `./fixture`'s organisation: 1,000,000 members (so the members export is a million rows, one per
 * member), 90 % of them with a membership of two 30-day periods (~1,800,000 payments) and two visit
 * slots each (~1,710,000 visits). Then it serves the API on a real socket (srvx on BENCH_PORT, default
 * 3360, as `npm start` serves it), asks for each export of everything as the organisation's admin, reads
 * the whole body as it arrives, counts the CSV's rows (newlines outside quotes, less the header) and
 * prints the seconds, rows a second, and this process's memory (RSS) when idle before the export, at its
 * peak (sampled every 50 ms) and the rise. Client and server share the process, so the rise includes
 * what the client holds: one chunk at a time.
 *
 * `--keep` leaves the database (its name is printed) and `--reuse NAME` runs the exports on it without
 * building the fixture again (it takes minutes). `--lists members,visits` runs only those exports.
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { serve } from 'srvx/node'
import { migrateDatabase } from '~/db/client.server'
import { buildFixture, readFixture } from './fixture'
import { benchConsoleApi, benchStaffHeaders, createBenchDatabase } from './support'

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '1000000' },
    'payments-per-member': { type: 'string', default: '2' },
    'visit-slots': { type: 'string', default: '2' },
    lists: { type: 'string', default: 'members,payments,visits' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
  },
})
const lists = values.lists.split(',').filter((list) => ['members', 'payments', 'visits'].includes(list))
const port = Number(process.env.BENCH_PORT ?? 3360)
const now = new Date('2026-11-24T01:00:00Z')
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

const database = await createBenchDatabase('postgres', 'gymbase_bench_exports', {
  keep: values.keep,
  reuse: values.reuse,
})
console.info(`Database: ${database.label}`)
try {
  const { db } = database.handle
  if (!database.reused) await migrateDatabase(database.handle)
  const { organisation, gyms } = database.reused
    ? await readFixture(database.handle)
    : await buildFixture(database.handle, now, {
        members: Number(values.members),
        paymentsPerMembership: Number(values['payments-per-member']),
        visitSlotsPerMember: Number(values['visit-slots']),
        retries: false,
      })
  const sizes = await db.execute<{ payments: number; visits: number; members: number }>(sql`
    select (select count(*)::int from payments where organisation_id = ${organisation.id}) as payments,
      (select count(*)::int from visits where organisation_id = ${organisation.id}) as visits,
      (select count(*)::int from member_summaries where organisation_id = ${organisation.id}) as members`)
  const size = sizes.rows[0]
  console.info(
    `Fixture: ${size?.members.toLocaleString('en-NZ')} members, ${size?.payments.toLocaleString('en-NZ')} payments, ${size?.visits.toLocaleString('en-NZ')} visits`,
  )
  const { owner } = await benchStaffHeaders({
    handle: database.handle,
    now,
    organisationId: organisation.id,
    gymId: gyms[0] ?? 0,
    domain: 'members.bench',
  })
  const { api } = benchConsoleApi(database.handle, now)
  const server = serve({ port, hostname: '127.0.0.1', silent: true, fetch: api.fetch })
  await server.ready()
  try {
    console.info(`\nEach export of everything over HTTP (127.0.0.1:${port}), as the organisation's admin:`)
    for (const list of lists) await timeExport(list, owner)
  } finally {
    await server.close(true)
  }
} finally {
  await database.drop()
}

/** One export, read to its end: rows, seconds and this process's memory. */
async function timeExport(list: string, headers: Record<string, string>) {
  // Idle: after a collection, so what an earlier export left for the collector is not counted in either.
  globalThis.gc?.()
  await new Promise((resolve) => setTimeout(resolve, 200))
  const idle = process.memoryUsage().rss
  let peak = idle
  let peakHeap = 0
  const sampler = setInterval(() => {
    const usage = process.memoryUsage()
    peak = Math.max(peak, usage.rss)
    peakHeap = Math.max(peakHeap, usage.heapUsed)
  }, 50)
  const started = performance.now()
  const response = await fetch(`http://127.0.0.1:${port}/api/${list}/export`, {
    method: 'POST',
    headers: { ...headers, Host: 'console.localhost:3000' },
    body: JSON.stringify({}),
  })
  if (response.status !== 200 || !response.body) {
    clearInterval(sampler)
    throw new Error(`${list} export answered ${response.status}: ${await response.text()}`)
  }
  let bytes = 0
  let lines = 0
  let quoted = false
  let firstByte = Number.NaN
  for await (const chunk of response.body) {
    if (Number.isNaN(firstByte)) firstByte = performance.now() - started
    bytes += chunk.length
    for (const byte of chunk) {
      // A quote toggles quoting (an escaped "" toggles twice); a newline in a quoted cell is not a row's end.
      if (byte === 34) quoted = !quoted
      else if (byte === 10 && !quoted) lines += 1
    }
  }
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  const rows = lines - 1
  console.info(
    `  ${list.padEnd(9)} ${rows.toLocaleString('en-NZ').padStart(10)} rows, ${mb(bytes).padStart(7)} in ${seconds.toFixed(1).padStart(5)} s ` +
      `(${Math.round(rows / seconds).toLocaleString('en-NZ')} rows/s, first bytes after ${firstByte.toFixed(0)} ms); ` +
      `RSS idle ${mb(idle)}, peak ${mb(peak)}, rise ${mb(peak - idle)} (JavaScript heap in use at most ${mb(peakHeap)})${peak - idle >= 100 * 1024 * 1024 ? ' OVER 100 MB' : ''}${seconds >= 30 ? ' OVER 30 s' : ''}`,
  )
}

/**
 * `npm run bench:search -- [--members N] [--clients C] [--requests R] [--database postgres|pglite]`:
 * how fast the console's global search answers (issue 6 point 6; target p95 under 30 ms with 100,000
 * members and 20 concurrent clients on PostgreSQL).
 *
 * Builds a throw-away database (PostgreSQL on DATABASE_URL's server, else 127.0.0.1:5432, dropped
 * afterwards; or PGlite in memory), one organisation with three gyms and N members with realistic New
 * Zealand names and e-mail addresses spread over the gyms (set-based inserts: the fixture is not what is
 * measured), and an organisation admin and a gym admin with real sessions. Then C clients call
 * `POST /api/search` through the in-process API (`createApi`, cookies, CSRF headers: the whole HTTP
 * handler, no socket) R times in all, each client sending its next search as soon as the last one
 * answered, and prints p50/p95/p99 for the organisation admin (whole organisation) and the gym admin
 * (one gym).
 *
 * `--queries typed` (the default) searches as staff type, the box asking when typing pauses: the start
 * of a first name (35 %), of a surname (20 %), a first name and the start of the surname (15 %), the
 * start of an e-mail address (10 %), and a piece from anywhere in a name or address (20 %).
 * `--queries pieces` searches only pieces from anywhere (3 to 6 characters), the hardest case: most
 * aren't the start of anything, and many are two letters either side of a space.
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { migrateDatabase } from '~/db/client.server'
import { createApi } from '~/server/api/app'
import { createFakeGym } from '~/server/seed/factories/gym-factory.server'
import { fakeFirstName, fakeLastName } from '~/server/seed/nz-people'
import { createRandom } from '~/server/seed/random'
import { createOrganisation } from '~/server/services/organisations/create-organisation.server'
import {
  benchStaffCookies,
  consoleHeaders,
  createBenchDatabase,
  milliseconds,
  percentile,
  runConcurrently,
} from './support'

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '20' },
    requests: { type: 'string', default: '2000' },
    database: { type: 'string', default: 'postgres' },
    queries: { type: 'string', default: 'typed' },
  },
})
const members = Number(values.members)
const clients = Number(values.clients)
const requests = Number(values.requests)
const kind = values.database === 'pglite' ? 'pglite' : 'postgres'
const mix = values.queries
if (mix !== 'typed' && mix !== 'pieces') {
  console.error('--queries is typed or pieces')
  process.exit(2)
}
for (const [name, value] of Object.entries({ members, clients, requests })) {
  if (!Number.isSafeInteger(value) || value < 1) {
    console.error(`--${name} is a positive whole number`)
    process.exit(2)
  }
}

const now = new Date()
const random = createRandom('bench-search')
const database = await createBenchDatabase(kind, 'gymbase_bench_search')
console.info(`Database: ${database.label}`)
try {
  const { db } = database.handle
  await migrateDatabase(database.handle)
  const organisation = await createOrganisation({ db, now, name: 'Search Fitness', multiGym: true })
  const gyms: Array<{ id: number }> = []
  for (const name of ['Ponsonby', 'Newmarket', 'Takapuna']) {
    gyms.push((await createFakeGym({ db, random, organisationId: organisation.id, name, now })).gym)
  }
  const started = performance.now()
  const chunk = 5_000
  for (let from = 0; from < members; from += chunk) {
    const rows = Array.from({ length: Math.min(chunk, members - from) }, (_, offset) => {
      const n = from + offset
      const first = fakeFirstName(random)
      const last = fakeLastName(random)
      return {
        name: `${first} ${last}`,
        email: `${first}.${last}${n}@example.nz`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
        gymId: gyms[n % gyms.length]?.id ?? 0,
      }
    })
    await db.execute(sql`
      insert into users (organisation_id, name, email, home_gym_id, created_at, updated_at)
      select ${organisation.id}, r.name, r.email, r.gym_id, ${now}, ${now}
      from json_to_recordset(${JSON.stringify(rows.map((row) => ({ name: row.name, email: row.email, gym_id: row.gymId })))}::json)
        as r(name text, email text, gym_id int)`)
    process.stdout.write(
      `\r  members ${(from + rows.length).toLocaleString('en-NZ')} / ${members.toLocaleString('en-NZ')}`,
    )
  }
  process.stdout.write(`\n  filled in ${((performance.now() - started) / 1000).toFixed(1)} s\n`)
  // What autovacuum would have done by the time anyone searches: statistics, and the visibility map
  // that lets the newest-members index answer without reading the table.
  await db.execute(sql`vacuum analyze users`)

  const cookies = await benchStaffCookies({
    handle: database.handle,
    now,
    organisationId: organisation.id,
    gymId: gyms[0]?.id ?? 0,
    domain: 'search.bench',
  })
  const callers = {
    'organisation admin (whole organisation)': cookies.owner,
    'gym admin (one gym)': cookies.manager,
  }

  const sample = await db.execute<{ name: string; email: string }>(
    sql`select name, email from users where not is_staff order by random() limit 500`,
  )
  const queries = sample.rows.map((row) => (mix === 'typed' ? typed(row) : piece(row)))
  console.info(`Queries (${mix}), for example: ${queries.slice(0, 8).join(' · ')}`)

  const api = createApi({
    database: async () => database.handle,
    clock: () => now,
  })
  for (const [label, cookie] of Object.entries(callers)) {
    const headers = consoleHeaders(cookie)
    const search = async (query: string) => {
      const response = await api.fetch(
        new Request('http://console.localhost:3000/api/search', {
          method: 'POST',
          headers,
          body: JSON.stringify({ query }),
        }),
      )
      if (response.status !== 200)
        throw new Error(`search answered ${response.status}: ${await response.text()}`)
      return (await response.json()) as { data: unknown[] }
    }
    const timings: number[] = []
    let found = 0
    // C clients, each sending its next search as soon as the last one answered.
    const run = (count: number, measure: boolean) =>
      runConcurrently(clients, count, async (index) => {
        const query = queries[index % queries.length] ?? 'ana'
        const began = performance.now()
        const result = await search(query)
        if (!measure) return
        timings.push(performance.now() - began)
        if (result.data.length > 0) found += 1
      })
    // Warm up as a running server is: compiled code, and every pooled connection with its statements
    // prepared and the search function's plan cached.
    await run(500, false)
    const began = performance.now()
    const cpu = process.cpuUsage()
    await run(requests, true)
    const elapsed = (performance.now() - began) / 1000
    const { user, system } = process.cpuUsage(cpu)
    timings.sort((a, b) => a - b)
    console.info(
      `${label}: ${requests} searches, ${clients} concurrent clients, ${(requests / elapsed).toFixed(0)}/s; ` +
        `p50 ${milliseconds(percentile(timings, 0.5))}, p95 ${milliseconds(percentile(timings, 0.95))}, ` +
        `p99 ${milliseconds(percentile(timings, 0.99))}, max ${milliseconds(timings.at(-1) ?? Number.NaN)}; ` +
        `${Math.round((found / requests) * 100)}% found someone; this process's CPU ${((user + system) / 1000 / requests).toFixed(2)} ms a search`,
    )
  }
} finally {
  await database.drop()
}

/** The first `length` characters of `text`, whole characters. */
function start(text: string, length: number) {
  return [...text].slice(0, length).join('')
}

/** A piece of 3 to 6 characters from anywhere in the name or the address. */
function piece(row: { name: string; email: string }) {
  const source = random.int(0, 3) === 3 ? row.email : row.name
  const length = random.int(3, 6)
  const from = random.int(0, Math.max(0, source.length - length))
  return source.slice(from, from + length).trim() || source.slice(0, 3)
}

/** What someone looking for this member would have typed when the box asked. */
function typed(row: { name: string; email: string }) {
  const [first = row.name, ...rest] = row.name.split(' ')
  const surname = rest.join(' ') || first
  const roll = random.int(1, 100)
  if (roll <= 35) return start(first, random.int(3, 6))
  if (roll <= 55) return start(surname, random.int(3, 6))
  if (roll <= 70) return `${first} ${start(surname, random.int(1, 4))}`
  if (roll <= 80) return start(row.email, random.int(4, 10))
  return piece(row)
}

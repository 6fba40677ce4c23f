/**
 * `npm run bench:dashboard -- [--database pglite|postgres] [--rounds N]`: how long the dashboard's four
 * endpoints take on the demo data (issue 6 point 4: each under 100 ms). Seeds the demo into a fresh
 * database (PGlite in memory, or a throw-away PostgreSQL database, dropped afterwards), signs in the
 * demo organisation admin and the Ponsonby gym admin with real sessions, and calls each endpoint through
 * the in-process API N times one after another, printing the median and the slowest.
 */
import { parseArgs } from 'node:util'
import { and, eq } from 'drizzle-orm'
import { migrateDatabase } from '~/db/client.server'
import { users } from '~/db/schema'
import { createApi } from '~/server/api/app'
import { demoSignIns, seedDemo } from '~/server/seed/seed-demo.server'
import { consoleHeaders, createBenchDatabase, milliseconds, percentile, sessionCookie } from './support'

const { values } = parseArgs({
  options: { database: { type: 'string', default: 'pglite' }, rounds: { type: 'string', default: '20' } },
})
const kind = values.database === 'postgres' ? 'postgres' : 'pglite'
const rounds = Number(values.rounds)

const now = new Date()
const database = await createBenchDatabase(kind, 'gymbase_bench_dashboard')
console.info(`Database: ${database.label}`)
try {
  const { db } = database.handle
  await migrateDatabase(database.handle)
  const seeding = performance.now()
  await seedDemo({ db, now })
  console.info(`  demo seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`)
  const api = createApi({ database: async () => database.handle, clock: () => now })
  const userId = async (email: string) => {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), eq(users.isStaff, true)))
    if (!user) throw new Error(`No demo user ${email}`)
    return user.id
  }
  const callers = {
    'owner (whole organisation)': await sessionCookie(database.handle, await userId(demoSignIns.owner), now),
    'manager (Ponsonby)': await sessionCookie(database.handle, await userId(demoSignIns.manager), now),
  }
  for (const [label, cookie] of Object.entries(callers)) {
    for (const path of ['/stats', '/active-users', '/user-breakdown', '/cost-and-visit-breakdown']) {
      const call = async () => {
        const response = await api.fetch(
          new Request(`http://console.localhost:3000/api${path}`, { headers: consoleHeaders(cookie) }),
        )
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
        await response.json()
      }
      await call()
      const timings: number[] = []
      for (let round = 0; round < rounds; round += 1) {
        const start = performance.now()
        await call()
        timings.push(performance.now() - start)
      }
      timings.sort((a, b) => a - b)
      console.info(
        `${label} GET /api${path}: median ${milliseconds(percentile(timings, 0.5))}, ` +
          `p95 ${milliseconds(percentile(timings, 0.95))}, max ${milliseconds(timings.at(-1) ?? Number.NaN)}`,
      )
    }
  }
} finally {
  await database.drop()
}

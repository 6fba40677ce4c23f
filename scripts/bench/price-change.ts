/**
 * `npm run bench:price-change -- [--memberships N] [--database postgres|pglite] [--runs R] [--keep]`: how
 * fast the bulk price change (issue 15, members.change-price) schedules N memberships (default 2,000,
 * the request's limit) in its one transaction: the new price on each membership, its price-change
 * history line, its audit line and the member's notice in the mail outbox.
 *
 * Builds a fresh database (PostgreSQL: a throw-away database on DATABASE_URL's server, else on
 * 127.0.0.1:5432, dropped afterwards unless --keep; PGlite: in memory) with `./fixture`'s organisation
 * (members, memberships in every SPEC §4 state, two periods of payments each, a few visits), then R
 * times (default 3): a new price of the offering, the organisation admin reads `GET
 * /api/prices/{id}/memberships` of the members' prices and sends `POST
 * /api/subscriptions/schedule-price-changes` for N running memberships through the in-process API
 * (cookies and CSRF headers: the whole HTTP handler, no socket). Prints each run's time and checks what
 * was written: N history lines, N audit lines, N notices, every version moved on by one.
 */
import { parseArgs } from 'node:util'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { migrateDatabase } from '~/db/client.server'
import { auditLog, mailOutbox, priceChangeHistory, subscriptions } from '~/db/schema'
import { createApi } from '~/server/api/app'
import { createPrice } from '~/server/services/prices/create-price.server'
import { buildFixture } from './fixture'
import { benchStaffCookies, consoleHeaders, createBenchDatabase, milliseconds } from './support'

const { values } = parseArgs({
  options: {
    memberships: { type: 'string', default: '2000' },
    database: { type: 'string', default: 'pglite' },
    runs: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
  },
})
if (values.database !== 'pglite' && values.database !== 'postgres') {
  console.error('--database is postgres or pglite')
  process.exit(2)
}
const kind = values.database
const count = Number(values.memberships)
const runs = Number(values.runs)
if (!Number.isSafeInteger(count) || count < 1 || count > 2000) {
  console.error('--memberships is a whole number from 1 to 2,000 (the request’s limit)')
  process.exit(2)
}
if (!Number.isSafeInteger(runs) || runs < 1) {
  console.error('--runs is a positive whole number')
  process.exit(2)
}

const now = new Date('2026-11-24T01:00:00Z')
const database = await createBenchDatabase(kind, 'gymbase_bench_price_change', { keep: values.keep })
console.info(`Database: ${database.label}`)
try {
  const { db } = database.handle
  await migrateDatabase(database.handle)
  // Enough members for N running memberships on top of the cancelled ones and those without one.
  const { organisation, gyms, offering } = await buildFixture(database.handle, now, {
    members: Math.ceil(count * 1.6) + 50,
    paymentsPerMembership: 2,
    visitSlotsPerMember: 2,
    retries: false,
  })
  const cookies = await benchStaffCookies({
    handle: database.handle,
    now,
    organisationId: organisation.id,
    gymId: gyms[0] ?? 0,
    domain: 'members.bench',
  })
  const owner = consoleHeaders(cookies.owner)
  const api = createApi({ database: async () => database.handle, clock: () => now })
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await api.fetch(
      new Request(`http://console.localhost:3000/api${path}`, {
        method,
        headers: owner,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )
    if (response.status !== 200)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`)
    return response.json() as Promise<{ data: unknown }>
  }

  const times: number[] = []
  for (let run = 1; run <= runs; run += 1) {
    const target = await createPrice({
      db,
      now,
      organisationId: organisation.id,
      offeringId: offering.id,
      amount: 3000 + run * 100,
      billingFrequency: 'weekly',
    })
    // The memberships as the screen lists them: running ones, with their versions.
    const chosen = await db
      .select({ id: subscriptions.id, version: subscriptions.version })
      .from(subscriptions)
      .where(and(eq(subscriptions.organisationId, organisation.id), isNull(subscriptions.cancelledAt)))
      .orderBy(subscriptions.id)
      .limit(count)
    if (chosen.length < count) throw new Error(`Only ${chosen.length} running memberships in the fixture`)
    const ids = chosen.map((row) => row.id)
    const started = performance.now()
    const answer = await call('POST', '/subscriptions/schedule-price-changes', {
      price_id: target.id,
      subscriptions: chosen,
    })
    const took = performance.now() - started
    times.push(took)

    const scheduled = (answer.data as { scheduled: unknown[] }).scheduled.length
    const [written] = (
      await db.execute<{ history: number; audit: number; mail: number; moved: number }>(sql`
      select
        (select count(*)::int from ${priceChangeHistory} where ${inArray(priceChangeHistory.subscriptionId, ids)}
          and ${priceChangeHistory.toPriceId} = ${target.id}) as history,
        (select count(*)::int from ${auditLog} where ${auditLog.action} = 'membership.price_change_scheduled'
          and (${auditLog.changes} ->> 'price_id')::int = ${target.id}) as audit,
        (select count(*)::int from ${mailOutbox} where ${mailOutbox.organisationId} = ${organisation.id}
          and ${mailOutbox.text} like ${`%${(3000 + run * 100) / 100}.00%`}) as mail,
        (select count(*)::int from ${subscriptions} where ${inArray(subscriptions.id, ids)}
          and ${subscriptions.transitionToPriceId} = ${target.id}) as moved`)
    ).rows
    const version = await db
      .select({ id: subscriptions.id, version: subscriptions.version })
      .from(subscriptions)
      .where(inArray(subscriptions.id, ids))
    const before = new Map(chosen.map((row) => [row.id, row.version]))
    const versionsMoved = version.every((row) => row.version === (before.get(row.id) ?? 0) + 1)
    console.info(
      `  run ${run}: ${count.toLocaleString('en-NZ')} memberships in ${milliseconds(took)} ` +
        `(${scheduled} scheduled, ${written?.moved} moved, ${written?.history} history lines, ` +
        `${written?.audit} audit lines, ${written?.mail} notices, versions ${versionsMoved ? 'each +1' : 'WRONG'})`,
    )
    if (
      scheduled !== count ||
      written?.moved !== count ||
      written.history !== count ||
      written.audit !== count ||
      written.mail !== count ||
      !versionsMoved
    ) {
      throw new Error('The change did not write one of each per membership')
    }
  }
  const sorted = [...times].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
  console.info(
    `${database.label}: ${count.toLocaleString('en-NZ')} memberships, median ${milliseconds(median)} ` +
      `(${((median / count) * 1000).toFixed(0)} µs a membership) over ${runs} run(s)`,
  )
} finally {
  await database.drop()
}

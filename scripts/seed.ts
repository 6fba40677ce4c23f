/**
 * `npm run seed`: seed the demo data into the configured database (DATABASE_URL, else the PGlite folder
 * in DATA_DIR), migrating first. With Demo Fitness already there it stops, unless `--reset` is given:
 * then every application table is emptied and the demo seeded again.
 */
import { sql } from 'drizzle-orm'
import { closeDatabase, type Db, databaseOptionsFromEnv, getDatabase } from '~/db/client.server'
import {
  demoOrganisationExists,
  demoSignIns,
  emptyApplicationTables,
  seedDemo,
} from '~/server/seed/seed-demo.server'

const reset = process.argv.includes('--reset')

async function printCounts(db: Db): Promise<void> {
  const count = async (query: ReturnType<typeof sql>) =>
    (await db.execute<{ label: string; count: number }>(query)).rows.map(
      (row) => `${row.label}: ${row.count}`,
    )
  const totals = await count(sql`
    select 'organisations' as label, count(*)::int as count from organisations
    union all select 'gyms', count(*)::int from gyms
    union all select 'staff', count(*)::int from users where is_staff
    union all select 'members', count(*)::int from users where not is_staff
    union all select 'subscriptions', count(*)::int from subscriptions
    union all select 'payments', count(*)::int from payments
    union all select 'visits', count(*)::int from visits
    union all select 'door logins', count(*)::int from door_access_members
  `)
  // The display states of SPEC §4, in the order the spec checks them.
  const states = await count(sql`
    with today as (select (now() at time zone 'Pacific/Auckland')::date as day)
    select label, count(*)::int as count from (
      select case
        when s.cancelled_at is not null and s.undo_cancellation_until > now() then 'cancelled (undoable)'
        when s.cancelled_at is not null then 'cancelled (past renewal)'
        when s.grace_period_ends_at is not null then 'in grace period'
        when s.upcoming_state is not null or s.start_date > today.day then 'upcoming'
        when s.pause_start_at is not null and s.pause_end_at >= today.day and s.pause_start_at > today.day then 'paused in future'
        when s.pause_start_at is not null and s.pause_end_at >= today.day then 'paused'
        when s.cooling_period_ends_at > today.day then 'active (term, cooling-off)'
        when s.term_ends_at > today.day then 'active (term)'
        else 'active'
      end as label
      from subscriptions s, today
    ) states group by label order by label
  `)
  const payments = await count(sql`
    select status || case when is_retry then ' (retry)' else '' end as label, count(*)::int as count
    from payments group by 1 order by 1
  `)
  console.info(`  ${totals.join(', ')}`)
  console.info(`  subscriptions by state: ${states.join(', ')}`)
  console.info(`  payments by status: ${payments.join(', ')}`)
}

const started = performance.now()
const target = databaseOptionsFromEnv()
const where = target.url ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${target.dataDir}`
async function main(db: Db): Promise<void> {
  if (await demoOrganisationExists(db)) {
    if (!reset) {
      console.info(
        `Demo Fitness already exists in ${where}; nothing to do. Pass --reset to empty it and seed again.`,
      )
      return
    }
    await emptyApplicationTables(db)
    console.info(`Emptied every application table in ${where}.`)
  }
  const seeding = performance.now()
  await seedDemo({ db, now: new Date() })
  const seeded = performance.now()
  console.info(`Seeded the demo data into ${where} in ${((seeded - seeding) / 1000).toFixed(1)} s:`)
  await printCounts(db)
  console.info(
    `Done in ${((performance.now() - started) / 1000).toFixed(1)} s, opening and migrating included.`,
  )
  console.info(`Demo sign-ins (password in docs/demo-data.md): ${Object.values(demoSignIns).join(', ')}`)
}

try {
  await main((await getDatabase()).db)
} catch (error) {
  console.error('Seeding failed:', error)
  process.exitCode = 1
} finally {
  await closeDatabase()
}

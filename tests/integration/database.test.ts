import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import type { Db } from '~/db/client.server'
import { gyms, offeringHours, offerings, organisations, prices, subscriptions, users } from '~/db/schema'
import { describeEachDatabase } from './support/database'

/** The SQLSTATE of a failed query; Drizzle wraps the driver's error in `cause`. */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error
  while (typeof current === 'object' && current !== null) {
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
      return current.code
    }
    current = 'cause' in current ? current.cause : undefined
  }
  return undefined
}

async function expectSqlState(query: Promise<unknown>, state: string) {
  const error = await query.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error, `expected the query to fail with SQLSTATE ${state}`).toBeDefined()
  expect(sqlState(error)).toBe(state)
}

const FOREIGN_KEY_VIOLATION = '23503'
const UNIQUE_VIOLATION = '23505'
const CHECK_VIOLATION = '23514'

let slugs = 0
async function createOrganisation(db: Db) {
  slugs += 1
  const [organisation] = await db
    .insert(organisations)
    .values({ name: `Organisation ${slugs}`, slug: `organisation-${slugs}` })
    .returning()
  return organisation!
}

const expectedTables = [
  'access_control_integrations',
  'account_closure_requests',
  'age_bypass_links',
  'audit_log',
  'bank_connections',
  'card_account_onboardings',
  'demo_seed',
  'demo_seed_events',
  'destination_accounts',
  'door_access_members',
  'door_access_outbox',
  'door_integrations',
  'dunning_notices',
  'gyms',
  'mail_outbox',
  'member_counts',
  'member_summaries',
  'membership_agreements',
  'offering_gyms',
  'offering_hours',
  'offerings',
  'one_time_codes',
  'organisations',
  'payment_amount_totals',
  'payment_attempts',
  'payment_day_totals',
  'payment_links',
  'payment_member_totals',
  'payment_methods',
  'payments',
  'places',
  'price_change_history',
  'prices',
  'private_price_links',
  'rate_limits',
  'sandbox_bank_grants',
  'sandbox_card_setups',
  'sandbox_charges',
  'sandbox_connect_accounts',
  'sandbox_door_events',
  'sandbox_door_group_locks',
  'sandbox_door_groups',
  'sandbox_door_locks',
  'sandbox_door_places',
  'sandbox_door_role_assignments',
  'sandbox_door_users',
  'sessions',
  'staff_gym_roles',
  'subscription_pauses',
  'subscriptions',
  'trusted_browsers',
  'users',
  'visit_day_counts',
  'visit_member_counts',
  'visits',
  'webhook_events',
]

describeEachDatabase('database schema and migrations', (t) => {
  it('applies every migration and creates every table', async () => {
    const tables = await t.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )
    expect(tables.rows.map((row) => row.table_name)).toEqual(expectedTables)

    const applied = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    )
    expect(applied.rows[0]?.count).toBeGreaterThanOrEqual(2)
  })

  it('has pg_trgm and serves LIKE "%…%" on members\' search key from the trigram index', async () => {
    const extension = await t.db.execute<{ extname: string }>(
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    )
    expect(extension.rows).toHaveLength(1)

    const indexes = await t.db.execute<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where tablename = 'users' and indexdef like '%gin_trgm_ops%'`,
    )
    expect(indexes.rows.map((row) => row.indexname)).toEqual(['users_search_trgm_idx'])

    const organisation = await createOrganisation(t.db)
    await t.db.execute(sql`
      insert into users (organisation_id, name, email)
      select ${organisation.id}, 'Member ' || n || ' ' || md5(n::text), 'member' || n || '@example.com'
      from generate_series(1, 5000) as n
    `)
    await t.db
      .insert(users)
      .values({ organisationId: organisation.id, name: 'Zoë Quixotic', email: 'zq@example.com' })
    await t.db.execute(sql`analyze users`)

    // At a few thousand rows a sequential scan is still cheapest, so take it off the table: what this
    // proves is that a LIKE '%…%' can use the index at all, which no b-tree index allows. The key is
    // the name and the e-mail's local part, lower case, words joined by 0 (ADR 015).
    const members = sql`not ${users.isStaff} and ${users.deletedAt} is null`
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      return tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select id from users where search_key like '%quixot%' and ${members}`,
      )
    })
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('users_search_trgm_idx')

    const found = await t.db
      .select({ name: users.name, searchKey: users.searchKey, searchText: users.searchText })
      .from(users)
      .where(sql`${users.searchKey} like ${'%quixot%'} and ${members}`)
    expect(found).toEqual([
      { name: 'Zoë Quixotic', searchKey: 'zoë0quixotic0zq', searchText: 'zoë quixotic\nzq@example.com' },
    ])
  })

  it('refuses a row whose foreign key points nowhere', async () => {
    await expectSqlState(
      t.db.insert(gyms).values({ organisationId: 2_000_000_000, name: 'Nowhere' }),
      FOREIGN_KEY_VIOLATION,
    )
  })

  it('refuses rows that break check constraints', async () => {
    const organisation = await createOrganisation(t.db)
    const [offering] = await t.db
      .insert(offerings)
      .values({ organisationId: organisation.id, name: 'Off-peak', type: 'limited_access' })
      .returning()

    await expectSqlState(
      t.db.insert(offeringHours).values({
        organisationId: organisation.id,
        offeringId: offering!.id,
        day: 8,
        openAt: '06:00',
        closeAt: '10:00',
      }),
      CHECK_VIOLATION,
    )
    await expectSqlState(
      t.db.insert(prices).values({
        organisationId: organisation.id,
        offeringId: offering!.id,
        amount: -1,
        billingFrequency: 'weekly',
      }),
      CHECK_VIOLATION,
    )
    // A term needs both its amount and its unit.
    await expectSqlState(
      t.db.insert(prices).values({
        organisationId: organisation.id,
        offeringId: offering!.id,
        amount: 2500,
        billingFrequency: 'weekly',
        termAmount: 12,
      }),
      CHECK_VIOLATION,
    )
    // Raw SQL, because the column's type would not let this value through the query builder.
    await expectSqlState(
      t.db.execute(sql`
        insert into users (organisation_id, name, email, hear_about_us)
        values (${organisation.id}, 'Pat', 'pat@example.com', array['carrier_pigeon'])
      `),
      CHECK_VIOLATION,
    )
  })

  it('keeps e-mail addresses unique per organisation, ignoring case', async () => {
    const first = await createOrganisation(t.db)
    const second = await createOrganisation(t.db)
    await t.db.insert(users).values({ organisationId: first.id, name: 'Sam', email: 'Sam.Lee@Example.com' })

    await expectSqlState(
      t.db
        .insert(users)
        .values({ organisationId: first.id, name: 'Sam again', email: 'sam.lee@example.COM' }),
      UNIQUE_VIOLATION,
    )
    // The same person may be a member of another organisation.
    await t.db.insert(users).values({ organisationId: second.id, name: 'Sam', email: 'sam.lee@example.com' })
  })

  it('makes organisation_id NOT NULL and a foreign key on every table that has it', async () => {
    const columns = await t.db.execute<{ table_name: string; is_nullable: string }>(sql`
      select table_name, is_nullable from information_schema.columns
      where table_schema = 'public' and column_name = 'organisation_id'
      order by table_name
    `)
    expect(columns.rows.length).toBeGreaterThanOrEqual(20)
    const nullable = columns.rows.filter((row) => row.is_nullable === 'YES').map((row) => row.table_name)
    // Platform mail (e.g. operator alerts) belongs to no organisation; a provider's webhook is stored
    // before processing finds whose it is (ADR 013's Akahu log reads the ones that found one).
    expect(nullable).toEqual(['mail_outbox', 'webhook_events'])

    const withForeignKey = await t.db.execute<{ table_name: string }>(sql`
      select distinct c.conrelid::regclass::text as table_name
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and c.confrelid = 'organisations'::regclass and a.attname = 'organisation_id'
      order by 1
    `)
    expect(withForeignKey.rows.map((row) => row.table_name)).toEqual(
      columns.rows.map((row) => row.table_name),
    )
  })

  it('stores money as integers and instants with their time zone', async () => {
    const columns = await t.db.execute<{ table_name: string; column_name: string; data_type: string }>(sql`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = 'public'
        and data_type in ('numeric', 'real', 'double precision', 'money', 'timestamp without time zone')
    `)
    expect(columns.rows).toEqual([])
  })

  it('round-trips calendar dates as strings, instants as Dates and arrays as arrays', async () => {
    const organisation = await createOrganisation(t.db)
    const [gym] = await t.db
      .insert(gyms)
      .values({ organisationId: organisation.id, name: 'Central' })
      .returning()
    const [offering] = await t.db
      .insert(offerings)
      .values({ organisationId: organisation.id, name: 'Anytime', type: '24_7' })
      .returning()
    const [price] = await t.db
      .insert(prices)
      .values({
        organisationId: organisation.id,
        offeringId: offering!.id,
        amount: 2495,
        billingFrequency: 'monthly',
      })
      .returning()
    const [member] = await t.db
      .insert(users)
      .values({
        organisationId: organisation.id,
        name: 'Aroha',
        email: 'aroha@example.com',
        dob: '1990-02-28',
        hearAboutUs: ['friend', 'other'],
        hearAboutUsOther: 'Radio',
      })
      .returning()
    const [subscription] = await t.db
      .insert(subscriptions)
      .values({
        organisationId: organisation.id,
        userId: member!.id,
        gymId: gym!.id,
        priceId: price!.id,
        startDate: '2025-01-31',
        cancelledAt: new Date('2025-03-01T00:30:00+13:00'),
      })
      .returning()

    expect(member!.dob).toBe('1990-02-28')
    expect(member!.hearAboutUs).toEqual(['friend', 'other'])
    expect(member!.tags).toEqual([])
    expect(member!.createdAt).toBeInstanceOf(Date)
    expect(subscription!.startDate).toBe('2025-01-31')
    expect(subscription!.cancelledAt?.toISOString()).toBe('2025-02-28T11:30:00.000Z')
    expect(subscription!.version).toBe(1)

    const loaded = await t.db.query.users.findFirst({
      where: eq(users.id, member!.id),
      with: { organisation: true, subscriptions: { with: { price: true } } },
    })
    expect(loaded?.organisation.slug).toBe(organisation.slug)
    expect(loaded?.subscriptions.map((s) => s.price.amount)).toEqual([2495])

    // A member with subscriptions cannot be deleted (they are soft-deleted instead) …
    await expectSqlState(t.db.delete(users).where(eq(users.id, member!.id)), FOREIGN_KEY_VIOLATION)
    // … but deleting the whole organisation still cascades through everything it owns.
    await t.db.delete(organisations).where(eq(organisations.id, organisation.id))
    const left = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.organisationId, organisation.id))
    expect(left).toEqual([])
  })
})

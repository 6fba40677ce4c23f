import { and, count, eq, sql } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import type { Db } from '~/db/client.server'
import {
  demoSeed,
  doorAccessMembers,
  doorAccessOutbox,
  gyms,
  organisations,
  paymentMethods,
  payments,
  staffGymRoles,
  subscriptions,
  users,
  visits,
} from '~/db/schema'
import { verifyPassword } from '~/server/auth/password.server'
import { calendarDateAt } from '~/server/billing/calendar'
import { checkInvariants } from '~/server/billing/simulation/check-invariants.server'
import { createDoorProviders } from '~/server/providers/doors/door-providers.server'
import { createSandboxPaymentServices } from '~/server/providers/payments/sandbox-providers.server'
import { syncDemoDoorAccess } from '~/server/seed/demo-doors.server'
import {
  continueDemoSeed,
  DEMO_ORGANISATION_SLUG,
  DEMO_PASSWORD,
  demoSignIns,
  HARBOUR_ORGANISATION_NAME,
  seedDemo,
  seedDemoIfEmpty,
} from '~/server/seed/seed-demo.server'
import { findDemoHistoryState } from '~/server/services/demo/find-demo-history-state.server'
import { findDoorCredential } from '~/server/services/door-access/member-door-access.server'
import { decidePersonDoorAccess } from '~/server/services/door-access/sync-door-access.server'
import { tapDoor } from '~/server/services/door-access/tap-door.server'
import { createTestDatabase, describeEachDatabase, type TestDatabase } from './support/database'

// 09:30 on Monday 16 March 2026 in Auckland (+13:00): a weekday, inside daylight time.
const now = new Date('2026-03-15T20:30:00Z')
const today = calendarDateAt(now)
/** The seed's "real time" for its last step (door access for today): the seed's own now. */
const clock = () => now

async function organisationId(db: Db, name: string): Promise<number> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.name, name))
  if (!row) throw new Error(`No organisation ${name}`)
  return row.id
}

async function tableCounts(db: Db) {
  const result = await db.execute<{
    organisations: number
    users: number
    payments: number
    visits: number
  }>(sql`
    select (select count(*)::int from organisations) as organisations, (select count(*)::int from users) as users,
      (select count(*)::int from payments) as payments, (select count(*)::int from visits) as visits
  `)
  return result.rows[0]
}

/** Subscriptions of Demo Fitness matching a condition on the row (and its price, as `p`). */
async function countSubscriptions(
  db: Db,
  demoId: number,
  condition: ReturnType<typeof sql>,
): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from subscriptions s join prices p on p.id = s.price_id
    where s.organisation_id = ${demoId} and ${condition}
  `)
  return result.rows[0]?.count ?? 0
}

describeEachDatabase('demo seed', (t) => {
  let demoId = 0
  let harbourId = 0

  // The seed runs a year of daily billing through the engine (ADR 012): minutes on a loaded machine.
  beforeAll(async () => {
    expect(await seedDemoIfEmpty({ db: t.db, now })).toEqual({ setUp: true, backgroundPending: true })
    expect(await continueDemoSeed({ db: t.db, clock })).toMatchObject({ status: 'complete' })
    demoId = await organisationId(t.db, 'Demo Fitness')
    harbourId = await organisationId(t.db, HARBOUR_ORGANISATION_NAME)
  }, 600_000)

  it('creates the six sign-ins with their organisations, roles and one shared password hash', async () => {
    const rows = await t.db
      .select({
        email: users.email,
        organisation: organisations.name,
        organisationRole: users.organisationRole,
        isStaff: users.isStaff,
        emailVerifiedAt: users.emailVerifiedAt,
        passwordHash: users.passwordHash,
        gym: gyms.name,
        role: staffGymRoles.role,
      })
      .from(users)
      .innerJoin(organisations, eq(organisations.id, users.organisationId))
      .leftJoin(staffGymRoles, eq(staffGymRoles.userId, users.id))
      .leftJoin(gyms, eq(gyms.id, staffGymRoles.gymId))
      .where(sql`${users.email} like '%.gymbase.nz' and ${users.passwordHash} is not null`)
    const byEmail = new Map<
      string,
      {
        organisation: string
        organisationRole: string | null
        isStaff: boolean
        roles: Record<string, string>
      }
    >()
    for (const row of rows) {
      const entry = byEmail.get(row.email) ?? {
        organisation: row.organisation,
        organisationRole: row.organisationRole,
        isStaff: row.isStaff,
        roles: {},
      }
      if (row.gym && row.role) entry.roles[row.gym] = row.role
      byEmail.set(row.email, entry)
      expect(row.emailVerifiedAt, row.email).not.toBeNull()
    }
    expect(Object.fromEntries(byEmail)).toEqual({
      [demoSignIns.owner]: {
        organisation: 'Demo Fitness',
        organisationRole: 'admin',
        isStaff: true,
        roles: { Ponsonby: 'admin', Newmarket: 'admin', Takapuna: 'admin' },
      },
      [demoSignIns.manager]: {
        organisation: 'Demo Fitness',
        organisationRole: null,
        isStaff: true,
        roles: { Ponsonby: 'admin' },
      },
      [demoSignIns.regional]: {
        organisation: 'Demo Fitness',
        organisationRole: null,
        isStaff: true,
        roles: { Newmarket: 'admin', Takapuna: 'admin' },
      },
      [demoSignIns.trainer]: {
        organisation: 'Demo Fitness',
        organisationRole: null,
        isStaff: true,
        roles: { Ponsonby: 'personal_trainer' },
      },
      [demoSignIns.member]: {
        organisation: 'Demo Fitness',
        organisationRole: null,
        isStaff: false,
        roles: {},
      },
      [demoSignIns.harbourOwner]: {
        organisation: HARBOUR_ORGANISATION_NAME,
        organisationRole: 'admin',
        isStaff: true,
        roles: { 'Harbour Strength Wynyard': 'admin' },
      },
    })

    // Hashed once and shared: every sign-in carries the same argon2id hash.
    const hashes = new Set(rows.map((row) => row.passwordHash))
    expect(hashes.size).toBe(1)
    const [hash] = [...hashes]
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(hash ?? '', DEMO_PASSWORD)).toBe(true)
    expect(await verifyPassword(hash ?? '', 'gymbase-demo!')).toBe(false)
  })

  it('gives the member sign-in a photo, a payment method and an active monthly membership at Ponsonby', async () => {
    const [member] = await t.db.select().from(users).where(eq(users.email, demoSignIns.member))
    expect(member?.profilePicture).toBeTruthy()
    expect(member?.defaultPaymentMethodId).not.toBeNull()
    const rows = await t.db.execute<{ gym: string; billing_frequency: string; state: string }>(sql`
      select g.name as gym, p.billing_frequency,
        case when s.cancelled_at is null and s.grace_period_ends_at is null and s.upcoming_state is null
          and s.pause_start_at is null and s.start_date <= ${today} then 'active' else 'other' end as state
      from subscriptions s join gyms g on g.id = s.gym_id join prices p on p.id = s.price_id
      where s.user_id = ${member?.id ?? 0}
    `)
    expect(rows.rows).toEqual([{ gym: 'Ponsonby', billing_frequency: 'monthly', state: 'active' }])
  })

  it('gives every demo gym a contact for members: an e-mail, an Auckland phone number and a street address', async () => {
    const rows = await t.db
      .select({ name: gyms.name, email: gyms.contactEmail, phone: gyms.contactPhone, address: gyms.address })
      .from(gyms)
      .orderBy(gyms.name)
    expect(rows.map((row) => row.name)).toEqual([
      'Harbour Strength Wynyard',
      'Newmarket',
      'Ponsonby',
      'Takapuna',
    ])
    for (const row of rows) {
      expect(row.email, row.name).toMatch(/^[a-z]+@(demo|harbour)\.gymbase\.nz$/)
      expect(row.phone, row.name).toMatch(/^09 \d{3} \d{4}$/)
      expect(row.address, row.name).toMatch(/, Auckland \d{4}$/)
    }
    expect(rows.find((row) => row.name === 'Ponsonby')?.email).toBe('ponsonby@demo.gymbase.nz')
  })

  it('creates at least 300 members in Demo Fitness across its three gyms', async () => {
    const rows = await t.db
      .select({ gym: gyms.name, members: count() })
      .from(users)
      .innerJoin(gyms, eq(gyms.id, users.homeGymId))
      .where(and(eq(users.organisationId, demoId), eq(users.isStaff, false)))
      .groupBy(gyms.name)
    const total = rows.reduce((sum, row) => sum + row.members, 0)
    expect(total).toBeGreaterThanOrEqual(300)
    expect(rows.map((row) => row.gym).sort()).toEqual(['Newmarket', 'Ponsonby', 'Takapuna'])
    for (const row of rows) expect(row.members, row.gym).toBeGreaterThanOrEqual(50)
  })

  it('covers every subscription state of SPEC §4 and a term membership in its cooling-off period', async () => {
    const db = t.db
    const notCancelled = sql`s.cancelled_at is null`
    const states = {
      active: await countSubscriptions(
        db,
        demoId,
        sql`${notCancelled} and s.grace_period_ends_at is null and s.upcoming_state is null and s.start_date <= ${today}
          and (s.pause_start_at is null or s.pause_end_at < ${today})`,
      ),
      paused: await countSubscriptions(
        db,
        demoId,
        sql`${notCancelled} and s.pause_start_at <= ${today} and s.pause_end_at >= ${today}`,
      ),
      pausedInFuture: await countSubscriptions(
        db,
        demoId,
        sql`${notCancelled} and s.pause_start_at > ${today}`,
      ),
      cancelledUndoable: await countSubscriptions(
        db,
        demoId,
        sql`s.cancelled_at is not null and s.undo_cancellation_until > ${now}`,
      ),
      cancelledPastRenewal: await countSubscriptions(
        db,
        demoId,
        sql`s.cancelled_at is not null and s.undo_cancellation_until <= ${now} and s.current_period_end <= ${today}`,
      ),
      inGracePeriod: await countSubscriptions(
        db,
        demoId,
        sql`s.grace_period_ends_at > ${today} and s.balance_owing > 0`,
      ),
      upcoming: await countSubscriptions(
        db,
        demoId,
        sql`${notCancelled} and s.upcoming_state is not null and s.start_date > ${today}`,
      ),
      termInCoolingOff: await countSubscriptions(
        db,
        demoId,
        sql`${notCancelled} and p.term_amount = 12 and p.term_unit = 'month' and s.cooling_period_ends_at > ${today}
          and s.start_date <= ${today}`,
      ),
    }
    for (const [state, number] of Object.entries(states)) expect(number, state).toBeGreaterThan(0)
    expect(states.active).toBeGreaterThan(150)
  })

  it('records payments of every status, retries after failures and balances that match the failed payments', async () => {
    const statuses = await t.db
      .select({ status: payments.status, isRetry: payments.isRetry, rows: count() })
      .from(payments)
      .where(eq(payments.organisationId, demoId))
      .groupBy(payments.status, payments.isRetry)
    const seen = new Set(statuses.map((row) => `${row.status}${row.isRetry ? ' retry' : ''}`))
    for (const expected of ['sent', 'failed', 'upcoming', 'pending_request', 'sent retry']) {
      expect(seen, expected).toContain(expected)
    }
    const [pending] = await t.db
      .select({ rows: count() })
      .from(payments)
      .where(and(eq(payments.status, 'pending_request'), sql`${payments.pollCount} > 0`))
    expect(pending?.rows).toBeGreaterThan(0)
    // Every retry follows a failure of the same period.
    const orphanRetries = await t.db.execute<{ count: number }>(sql`
      select count(*)::int as count from payments r where r.is_retry and not exists (
        select 1 from payments f where f.subscription_id = r.subscription_id and f.period_start_at = r.period_start_at
          and f.status = 'failed' and f.id < r.id)
    `)
    expect(orphanRetries.rows[0]?.count).toBe(0)
    const failedWithoutError = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from payments where status = 'failed' and error_status is null`,
    )
    expect(failedWithoutError.rows[0]?.count).toBe(0)

    // Owed per subscription, worked out here from the payments: a period with a failed payment and no
    // sent one owes its latest failed payment.
    const rows = await t.db
      .select({
        id: payments.id,
        subscriptionId: payments.subscriptionId,
        periodStart: payments.periodStartAt,
        status: payments.status,
        total: sql<number>`${payments.amount} + ${payments.surcharge} - ${payments.creditUsed}`.mapWith(
          Number,
        ),
      })
      .from(payments)
      .orderBy(payments.id)
    const periods = new Map<string, { subscriptionId: number; sent: boolean; latestFailed?: number }>()
    for (const row of rows) {
      const key = `${row.subscriptionId}:${row.periodStart}`
      const period = periods.get(key) ?? { subscriptionId: row.subscriptionId, sent: false }
      if (row.status === 'sent') period.sent = true
      if (row.status === 'failed') period.latestFailed = row.total
      periods.set(key, period)
    }
    const owed = new Map<number, { balance: number; periods: number }>()
    for (const period of periods.values()) {
      if (period.sent || period.latestFailed === undefined) continue
      const entry = owed.get(period.subscriptionId) ?? { balance: 0, periods: 0 }
      entry.balance += period.latestFailed
      entry.periods += 1
      owed.set(period.subscriptionId, entry)
    }

    const all = await t.db
      .select({
        id: subscriptions.id,
        balanceOwing: subscriptions.balanceOwing,
        periodsOwing: subscriptions.periodsOwing,
        gracePeriodEndsAt: subscriptions.gracePeriodEndsAt,
        cancelledAt: subscriptions.cancelledAt,
      })
      .from(subscriptions)
    const inGrace = all.filter((subscription) => subscription.gracePeriodEndsAt !== null)
    expect(inGrace.length).toBeGreaterThan(0)
    for (const subscription of all) {
      const expected = owed.get(subscription.id) ?? { balance: 0, periods: 0 }
      expect(
        { balance: subscription.balanceOwing, periods: subscription.periodsOwing },
        `subscription ${subscription.id}`,
      ).toEqual(expected)
      // In grace exactly when something is owed, and for a membership still running the grace period
      // has not run out yet (once it has, the engine cancels the membership; the debt stays owed).
      expect(subscription.gracePeriodEndsAt !== null, `subscription ${subscription.id}`).toBe(
        expected.balance > 0,
      )
      if (subscription.gracePeriodEndsAt && !subscription.cancelledAt)
        expect(subscription.gracePeriodEndsAt > today).toBe(true)
    }
  })

  it('makes every payment with the billing engine: charge attempts with idempotency keys, sandbox charges', async () => {
    // Every payment that was charged has its current attempt, keyed as the engine keys it, and the
    // sandbox provider holds exactly that key.
    const unattempted = await t.db.execute<{ id: number; status: string }>(sql`
      select p.id, p.status from payments p
      where p.status not in ('upcoming', 'cancelled') and not exists (
        select 1 from payment_attempts a join sandbox_charges c on c.idempotency_key = a.idempotency_key
        where a.payment_id = p.id and a.attempt = p.attempt and a.idempotency_key = p.idempotency_key
          and a.idempotency_key = 'gymbase-payment-' || p.id || '-attempt-' || p.attempt)`)
    expect(unattempted.rows).toEqual([])
    // Nothing was charged ahead of its time, nor after now.
    const early = await t.db.execute<{ count: number }>(sql`
      select count(*)::int as count from payment_attempts a join payments p on p.id = a.payment_id
      where (a.started_at at time zone 'Pacific/Auckland')::date < p.due_on or a.started_at > ${now}`)
    expect(early.rows[0]?.count).toBe(0)
    // Bank payments still pending are in the engine's hands: an attempt the provider answered
    // `pending`, polled since, which the next poll settles.
    const pending = await t.db.execute<{ attempt_status: string; polled: boolean; count: number }>(sql`
      select a.status as attempt_status, p.poll_count > 0 as polled, count(*)::int as count
      from payments p join payment_attempts a on a.payment_id = p.id and a.attempt = p.attempt
      where p.status = 'pending_request' group by 1, 2 order by 1, 2`)
    expect(pending.rows.length).toBeGreaterThan(0)
    for (const row of pending.rows) expect(row.attempt_status).toBe('unknown')
    // Some members fell behind and were cancelled by the engine when the grace period ran out; some
    // moved to another price (applied at a renewal) or have a change scheduled.
    const [engineMade] = (
      await t.db.execute<{ unpaid: number; applied: number; scheduled: number }>(sql`
        select
          (select count(*)::int from subscriptions where 'unpaid' = any(cancellation_reasons)) as unpaid,
          (select count(*)::int from price_change_history where applied_at is not null) as applied,
          (select count(*)::int from subscriptions where transition_to_price_id is not null
            and cancelled_at is null and term_ends_at is null) as scheduled`)
    ).rows
    expect(engineMade?.unpaid).toBeGreaterThan(0)
    expect(engineMade?.applied).toBeGreaterThan(0)
    expect(engineMade?.scheduled).toBeGreaterThan(0)
  })

  it('keeps the billing invariants of the simulation over the whole seed', async () => {
    const results = await checkInvariants({ db: t.db })
    expect(results.length).toBeGreaterThan(0)
    for (const result of results) expect(result.examples, result.name).toEqual([])
  })

  it('has twelve months of payments and no payment after its time', async () => {
    const [range] = await t.db
      .select({
        first: sql<string>`min(${payments.dueOn})::text`,
        paidLast: sql<Date>`max(${payments.paidAt})`,
      })
      .from(payments)
      .where(eq(payments.organisationId, demoId))
    expect(range?.first && range.first <= '2025-03-31').toBe(true)
    expect(new Date(range?.paidLast ?? 0).getTime()).toBeLessThanOrEqual(now.getTime())
  })

  it('stores both kinds of payment method, cards without card numbers', async () => {
    const rows = await t.db
      .select({
        type: paymentMethods.type,
        bankAccountNumber: paymentMethods.bankAccountNumber,
        lastFour: paymentMethods.lastFour,
      })
      .from(paymentMethods)
      .where(eq(paymentMethods.organisationId, demoId))
    const banks = rows.filter((row) => row.type === 'bank_account')
    const cards = rows.filter((row) => row.type === 'stripe_card')
    expect(banks.length).toBeGreaterThan(50)
    expect(cards.length).toBeGreaterThan(50)
    for (const bank of banks) expect(bank.bankAccountNumber).toMatch(/^\d{2}-\d{4}-\d{7}-\d{2,3}$/)
    for (const card of cards) {
      expect(card.lastFour).toMatch(/^\d{4}$/)
      expect(card.bankAccountNumber).toBeNull()
    }
  })

  it('records realistic visits: about 2–3 a week, mostly mornings and evenings, busier on weekdays', async () => {
    const result = await t.db.execute<{
      total: number
      future: number
      mornings_and_evenings: number
      weekday_per_day: number
      weekend_per_day: number
      recent_per_member_week: number
    }>(sql`
      with local as (
        select v.user_id, v.visited_at, v.visited_at at time zone 'Pacific/Auckland' as at from visits v
        where v.organisation_id = ${demoId}
      )
      select count(*)::int as total,
        count(*) filter (where visited_at > ${now})::int as future,
        count(*) filter (where extract(hour from at) < 9 or extract(hour from at) >= 17)::int as mornings_and_evenings,
        (count(*) filter (where extract(isodow from at) <= 5) / 5.0)::float8 as weekday_per_day,
        (count(*) filter (where extract(isodow from at) >= 6) / 2.0)::float8 as weekend_per_day,
        (
          select count(*)::float8 / count(distinct l.user_id) / 8 from local l
          join subscriptions s on s.user_id = l.user_id
          where l.at >= (${today}::date - 56) and s.cancelled_at is null and s.grace_period_ends_at is null
            and s.pause_start_at is null and s.start_date <= (${today}::date - 56)
        ) as recent_per_member_week
      from local
    `)
    const stats = result.rows[0]
    expect(stats?.total).toBeGreaterThan(15_000)
    expect(stats?.future).toBe(0)
    expect((stats?.mornings_and_evenings ?? 0) / (stats?.total ?? 1)).toBeGreaterThan(0.5)
    expect(stats?.weekday_per_day).toBeGreaterThan(stats?.weekend_per_day ?? 0)
    expect(stats?.recent_per_member_week).toBeGreaterThan(2)
    expect(stats?.recent_per_member_week).toBeLessThan(3.5)
  })

  it('keeps Harbour Strength apart: its own gym, members and history, no row pointing across', async () => {
    const [harbourGyms] = await t.db
      .select({ rows: count() })
      .from(gyms)
      .where(eq(gyms.organisationId, harbourId))
    expect(harbourGyms?.rows).toBe(1)
    const [harbourMembers] = await t.db
      .select({ rows: count() })
      .from(users)
      .where(and(eq(users.organisationId, harbourId), eq(users.isStaff, false)))
    expect(harbourMembers?.rows).toBeGreaterThanOrEqual(10)
    for (const table of [payments, visits, subscriptions]) {
      const [rows] = await t.db
        .select({ rows: count() })
        .from(table)
        .where(eq(table.organisationId, harbourId))
      expect(rows?.rows).toBeGreaterThan(0)
    }

    // Every reference from an organisation-owned row stays inside its organisation.
    const crossings = await t.db.execute<{ relation: string; count: number }>(sql`
      select 'users.home_gym' as relation, count(*)::int as count from users u join gyms g on g.id = u.home_gym_id
        where g.organisation_id <> u.organisation_id
      union all select 'staff_gym_roles', count(*)::int from staff_gym_roles r join users u on u.id = r.user_id
        join gyms g on g.id = r.gym_id where u.organisation_id <> r.organisation_id or g.organisation_id <> r.organisation_id
      union all select 'payment_methods', count(*)::int from payment_methods m join users u on u.id = m.user_id
        left join gyms g on g.id = m.gym_id
        where u.organisation_id <> m.organisation_id or g.organisation_id <> m.organisation_id
      union all select 'subscriptions', count(*)::int from subscriptions s join users u on u.id = s.user_id
        join gyms g on g.id = s.gym_id join prices p on p.id = s.price_id
        where u.organisation_id <> s.organisation_id or g.organisation_id <> s.organisation_id
          or p.organisation_id <> s.organisation_id
      union all select 'payments', count(*)::int from payments p join subscriptions s on s.id = p.subscription_id
        join users u on u.id = p.user_id join gyms g on g.id = p.gym_id
        left join payment_methods m on m.id = p.payment_method_id
        left join destination_accounts d on d.id = p.destination_account_id
        where s.organisation_id <> p.organisation_id or u.organisation_id <> p.organisation_id
          or g.organisation_id <> p.organisation_id or m.organisation_id <> p.organisation_id
          or d.organisation_id <> p.organisation_id or m.user_id <> p.user_id
      union all select 'visits', count(*)::int from visits v join users u on u.id = v.user_id
        join gyms g on g.id = v.gym_id where u.organisation_id <> v.organisation_id or g.organisation_id <> v.organisation_id
      union all select 'prices', count(*)::int from prices p join offerings o on o.id = p.offering_id
        where o.organisation_id <> p.organisation_id
      union all select 'offering_gyms', count(*)::int from offering_gyms og join offerings o on o.id = og.offering_id
        join gyms g on g.id = og.gym_id where o.organisation_id <> og.organisation_id or g.organisation_id <> og.organisation_id
    `)
    expect(crossings.rows.filter((row) => row.count > 0)).toEqual([])
  })

  it('connects the sandbox door system for Demo Fitness: each gym linked to its place, the front door counting visits', async () => {
    const systems = await t.db.execute<{ organisation: string; integration_type: string }>(sql`
      select o.name as organisation, a.integration_type from access_control_integrations a
      join organisations o on o.id = a.organisation_id order by o.name`)
    // Harbour Strength has none: connecting one can be tried there.
    expect(systems.rows).toEqual([{ organisation: 'Demo Fitness', integration_type: 'sandbox' }])
    const doors = await t.db.execute<{
      gym: string
      place: string
      door: string
      tracks_visits: boolean
    }>(sql`
      select g.name as gym, p.name as place, d.name as door, d.tracks_visits from door_integrations d
      join places p on p.id = d.place_id join gyms g on g.id = d.gym_id
      where d.organisation_id = ${demoId} order by g.name, d.id`)
    expect(doors.rows).toEqual(
      ['Newmarket', 'Ponsonby', 'Takapuna'].flatMap((gym) => [
        { gym, place: gym, door: 'Front door', tracks_visits: true },
        { gym, place: gym, door: 'Changing rooms', tracks_visits: false },
      ]),
    )
    // Every linked place has the group our members are granted, at the sandbox, listing all its locks.
    const groups = await t.db.execute<{ place: string; locks: number }>(sql`
      select sp.name as place, count(gl.lock_id)::int as locks from places p
      join sandbox_door_groups sg on sg.id = p.group_id::int join sandbox_door_places sp on sp.id = sg.place_id
      join sandbox_door_group_locks gl on gl.group_id = sg.id
      where p.organisation_id = ${demoId} group by sp.name order by sp.name`)
    expect(groups.rows).toEqual([
      { place: 'Newmarket', locks: 2 },
      { place: 'Ponsonby', locks: 2 },
      { place: 'Takapuna', locks: 2 },
    ])
  })

  it('syncs every demo person’s door access for today: the sandbox holds exactly what the rules decide', async () => {
    // Nothing is left due: every change the seed made has reached the door system.
    const [due] = await t.db
      .select({ rows: count() })
      .from(doorAccessOutbox)
      .where(sql`${doorAccessOutbox.dueAt} <= ${now}`)
    expect(due?.rows).toBe(0)

    const people = await t.db
      .select({ id: users.id, email: users.email, isStaff: users.isStaff })
      .from(users)
      .where(eq(users.organisationId, demoId))
    const places = await t.db.execute<{ gym_id: number; group_id: string }>(
      sql`select gym_id, group_id from places where organisation_id = ${demoId}`,
    )
    const held = await t.db.execute<{ user_id: number; group_id: string }>(sql`
      select m.user_id, ra.group_id::text as group_id from door_access_members m
      join sandbox_door_role_assignments ra on ra.user_id = m.provider_user_id::int
      where m.organisation_id = ${demoId}`)
    let open = 0
    const reasons = new Map<string, number>()
    for (const person of people) {
      const decided = await decidePersonDoorAccess({ db: t.db, userId: person.id, now })
      const wanted = places.rows
        .filter((place) => decided?.decision.gymIds.includes(place.gym_id))
        .map((place) => place.group_id)
        .sort()
      const holds = held.rows
        .filter((row) => row.user_id === person.id)
        .map((row) => row.group_id)
        .sort()
      expect(holds, person.email).toEqual(wanted)
      if (wanted.length > 0) open += 1
      const reason = decided?.decision.refusedReason?.replace(/ (until|starts) .*/, '') ?? null
      if (reason) reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
    }
    // Most members open their doors; the refused ones are refused for the states the seed made.
    expect(open).toBeGreaterThan(200)
    for (const reason of ['Membership paused', 'Membership cancelled', 'Membership']) {
      expect(
        [...reasons.keys()].some((key) => key.startsWith(reason)),
        reason,
      ).toBe(true)
    }
    // Only people who ever had access have a door login (a credential) at all.
    const [logins] = await t.db
      .select({ rows: count() })
      .from(doorAccessMembers)
      .where(eq(doorAccessMembers.organisationId, demoId))
    expect(logins?.rows).toBe(open)

    expect(
      await doorGymsOf(t.db, [
        demoSignIns.owner,
        demoSignIns.manager,
        demoSignIns.regional,
        demoSignIns.trainer,
        demoSignIns.member,
        'arjun.patel@demo.gymbase.nz',
      ]),
    ).toEqual({
      [demoSignIns.owner]: ['Newmarket', 'Ponsonby', 'Takapuna'],
      [demoSignIns.manager]: ['Ponsonby'],
      [demoSignIns.regional]: ['Newmarket', 'Takapuna'],
      [demoSignIns.trainer]: ['Ponsonby'],
      // Her membership is of 24/7 Access, an all-gyms offering.
      [demoSignIns.member]: ['Newmarket', 'Ponsonby', 'Takapuna'],
      // Staff without door access turned on have no door login.
      'arjun.patel@demo.gymbase.nz': [],
    })
  })

  it('seeds only once: a second seedDemoIfEmpty does nothing and seedDemo refuses a second Demo Fitness', async () => {
    const before = await tableCounts(t.db)
    expect(await seedDemoIfEmpty({ db: t.db, now })).toEqual({ setUp: false, backgroundPending: false })
    await expect(seedDemo({ db: t.db, now })).rejects.toThrow()
    expect(await tableCounts(t.db)).toEqual(before)
    const [demo] = await t.db
      .select({ rows: count() })
      .from(organisations)
      .where(eq(organisations.slug, DEMO_ORGANISATION_SLUG))
    expect(demo?.rows).toBe(1)
  })

  it('carries on where a cut-off start stopped, and ends in the same demo as a seed never stopped', async () => {
    const whole = await demoSummary(t.db)
    const cut: TestDatabase = await createTestDatabase({ kind: t.kind })
    try {
      const db = cut.db
      // The start-up's part: everything the sign-ins need, and the background part still to come.
      expect(await seedDemoIfEmpty({ db, now })).toEqual({ setUp: true, backgroundPending: true })
      expect(await findDemoHistoryState({ db })).toBe('in_progress')
      const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoSignIns.owner))
      expect(owner).toBeDefined()
      // The staff open their gyms' doors from the first answer on.
      expect(await doorGymsOf(db, [demoSignIns.owner, demoSignIns.manager])).toEqual({
        [demoSignIns.owner]: ['Newmarket', 'Ponsonby', 'Takapuna'],
        [demoSignIns.manager]: ['Ponsonby'],
      })

      // Stopped after three steps of members (a server shut down), then again part-way through the year.
      let steps = 0
      expect(await continueDemoSeed({ db, clock, shouldStop: () => ++steps > 3 })).toEqual({
        status: 'stopped',
      })
      const [afterMembers] = await db.select().from(demoSeed)
      // Three members a step (ADR 055).
      expect(afterMembers?.membersCreated).toBe(9)
      expect(afterMembers?.historyThrough).toBeNull()
      // A start cut off here finds the background part pending and sets nothing up again.
      expect(await seedDemoIfEmpty({ db, now })).toEqual({ setUp: false, backgroundPending: true })

      steps = 0
      expect(await continueDemoSeed({ db, clock, shouldStop: () => ++steps > 600 })).toEqual({
        status: 'stopped',
      })
      const [midway] = await db.select().from(demoSeed)
      expect(midway?.historyThrough).not.toBeNull()
      expect((midway?.historyThrough ?? today) < today).toBe(true)
      expect(midway?.historyCompletedAt).toBeNull()
      expect(await findDemoHistoryState({ db })).toBe('in_progress')

      expect(await continueDemoSeed({ db, clock })).toMatchObject({ status: 'complete' })
      expect(await findDemoHistoryState({ db })).toBe('complete')
      expect(await demoSummary(db)).toEqual(whole)
      expect((await checkInvariants({ db })).filter((invariant) => !invariant.ok)).toEqual([])
    } finally {
      await cut.destroy()
    }
  }, 600_000)

  it('syncs the doors again after a stop part-way without a second door system or a second login', async () => {
    const db = t.db
    const before = await demoSummary(db)
    // Everyone queued again, as after a start cut off during the seed's last step.
    await db.execute(sql`
      insert into door_access_outbox (user_id, organisation_id, due_at)
      select id, organisation_id, 'epoch' from users where organisation_id = ${demoId}
      on conflict (user_id) do update set due_at = excluded.due_at`)
    const stopped = await syncDemoDoorAccess({ db, now, shouldStop: () => true })
    expect(stopped).toMatchObject({ stopped: true, synced: 25, failed: 0 })
    const [left] = await db
      .select({ rows: count() })
      .from(doorAccessOutbox)
      .where(sql`${doorAccessOutbox.dueAt} <= ${now}`)
    expect(left?.rows).toBeGreaterThan(0)
    expect(await syncDemoDoorAccess({ db, now })).toMatchObject({ stopped: false, failed: 0 })
    expect(await demoSummary(db)).toEqual(before)
  })

  it('opens Ponsonby’s front door to the member sign-in’s credential and lists the visit; refuses a paused member', async () => {
    const db = t.db
    const providers = createDoorProviders({ db })
    const [aroha] = await db.select().from(users).where(eq(users.email, demoSignIns.member))
    const login = await findDoorCredential({ db, providers, organisationId: demoId, userId: aroha?.id ?? 0 })
    expect(login?.credential).toMatch(/^[2-9A-HJKMNP-Z]{10}$/)
    const [frontDoor] = await db
      .execute<{ id: number }>(sql`
      select d.id from door_integrations d join gyms g on g.id = d.gym_id
      where g.name = 'Ponsonby' and d.name = 'Front door'`)
      .then((result) => result.rows)
    const tapAt = new Date(now.getTime() + 60_000)
    const opened = await tapDoor({
      db,
      providers,
      payments: createSandboxPaymentServices({ db }),
      organisationId: demoId,
      doorId: frontDoor?.id ?? 0,
      tapped: { credential: login?.credential.toLowerCase() ?? '' },
      now: tapAt,
    })
    expect(opened.event?.success).toBe(true)
    expect(opened.visit).toMatchObject({ userId: aroha?.id, successful: true, refusedReason: null })

    const [paused] = await db
      .execute<{ user_id: number }>(sql`
      select s.user_id from subscriptions s where s.organisation_id = ${demoId} and s.cancelled_at is null
        and s.pause_start_at <= ${today} and s.pause_end_at >= ${today} order by s.id limit 1`)
      .then((result) => result.rows)
    const refused = await tapDoor({
      db,
      providers,
      payments: createSandboxPaymentServices({ db }),
      organisationId: demoId,
      doorId: frontDoor?.id ?? 0,
      tapped: { userId: paused?.user_id ?? 0 },
      now: tapAt,
    })
    expect(refused.event?.success ?? false).toBe(false)
    expect(refused.refusedReason).toMatch(/^Membership paused/)
  })

  it('empties and sets up again a demo cut off before seeding could resume (no plan recorded)', async () => {
    const [seed] = await t.db.select().from(demoSeed)
    expect(seed).toMatchObject({ setUpAt: now, historyCompletedAt: now, historyThrough: today })
    // As a first start from before resumable seeding left it: set up, history not done, no plan.
    await t.db.update(demoSeed).set({ historyCompletedAt: null, plan: null })

    expect(await seedDemoIfEmpty({ db: t.db, now })).toEqual({ setUp: true, backgroundPending: true })
    const counts = await tableCounts(t.db)
    expect(counts).toMatchObject({ organisations: 2 })
    expect(await findDemoHistoryState({ db: t.db })).toBe('in_progress')
  })
})

/** What a whole demo is made of, counted: members, memberships by state, payments and attempts by status. */
async function demoSummary(db: Db) {
  const result = await db.execute<{ label: string; count: number; amount: number }>(sql`
    select 'users' as label, count(*)::int as count, 0 as amount from users
    union all select 'subscriptions', count(*)::int, sum(price_id)::int from subscriptions
    union all select 'cancelled subscriptions', count(*)::int, 0 from subscriptions where cancelled_at is not null
    union all select 'paused subscriptions', count(*)::int, 0 from subscriptions where pause_start_at is not null
    union all select 'payments ' || status, count(*)::int, sum(amount + surcharge)::int from payments group by status
    union all select 'payment attempts ' || status, count(*)::int, 0 from payment_attempts group by status
    union all select 'payment methods', count(*)::int, 0 from payment_methods
    union all select 'visits', count(*)::int, 0 from visits
    union all select 'events done', count(*)::int, 0 from demo_seed_events where done_at is not null
    union all select 'door systems', count(*)::int, 0 from access_control_integrations
    union all select 'door places', count(*)::int, 0 from sandbox_door_places
    union all select 'door groups', count(*)::int, 0 from sandbox_door_groups
    union all select 'door users', count(*)::int, 0 from sandbox_door_users
    union all select 'door logins', count(*)::int, 0 from door_access_members
    union all select 'door role assignments', count(*)::int, 0 from sandbox_door_role_assignments
    union all select 'door access still due', count(*)::int, 0 from door_access_outbox where due_at <= ${now}
    order by label
  `)
  return result.rows
}

/** The demo gyms each person's door login opens at the sandbox, by e-mail (none without a login). */
async function doorGymsOf(db: Db, emails: readonly string[]): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {}
  for (const email of emails) {
    const rows = await db.execute<{ gym: string }>(sql`
      select g.name as gym from users u join door_access_members m on m.user_id = u.id
      join sandbox_door_role_assignments ra on ra.user_id = m.provider_user_id::int
      join places p on p.group_id = ra.group_id::text join gyms g on g.id = p.gym_id
      where u.email = ${email} order by g.name`)
    result[email] = rows.rows.map((row) => row.gym)
  }
  return result
}

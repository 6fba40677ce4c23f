import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { organisations, payments, sandboxCharges } from '~/db/schema'
import { hashPassword } from '~/server/auth/password.server'
import { addDays } from '~/server/billing/calendar'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import { runBilling } from '~/server/billing/engine/run-billing.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { createStaffUser } from '~/server/services/users/create-staff-user.server'
import { addSandboxPaymentMethod, createTestMember, createTestPrice } from '../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../factories/organisation-factory'
import { createTestApi } from '../integration/support/api'
import { describeEachDatabase } from '../integration/support/database'

/**
 * Billing through the public API with the clock moved day by day (STYLE.md, Tests: like lago's
 * scenarios): staff act through `/api`, and each day the scheduled job runs as it would at 06:00.
 */
const morning = (day: string) => new Date(`${day}T06:00:00+13:00`)

describeEachDatabase('billing scenarios', (database) => {
  let org: TestOrganisation
  let clock = morning('2027-01-04')
  const testApi = createTestApi(database, { now: () => clock })
  const staff = testApi.browser()
  let monthly: number
  let weekly: number
  let weeklyDearer: number
  let term: number
  let passwordHash = ''
  let staffCount = 0

  beforeAll(async () => {
    const db = database.db
    const now = morning('2027-01-01')
    org = await createTestOrganisation({ db, name: 'Scenario Gym', now })
    const gymIds = [org.gyms[0]!.id]
    const organisationId = org.organisation.id
    monthly = (
      await createTestPrice({ db, organisationId, gymIds, billingFrequency: 'monthly', amount: 6000, now })
    ).price.id
    weekly = (
      await createTestPrice({ db, organisationId, gymIds, billingFrequency: 'weekly', amount: 2500, now })
    ).price.id
    weeklyDearer = (
      await createTestPrice({ db, organisationId, gymIds, billingFrequency: 'weekly', amount: 2900, now })
    ).price.id
    term = (
      await createTestPrice({
        db,
        organisationId,
        gymIds,
        billingFrequency: 'monthly',
        amount: 5000,
        termAmount: 12,
        termUnit: 'month',
        now,
      })
    ).price.id
    passwordHash = await hashPassword('scenario password')
  })

  /**
   * Signs an organisation admin in at the current clock: a session does not outlive months of moved
   * time. A new admin each time keeps every sign-in clear of the per-user code limits.
   */
  async function signInStaff() {
    staffCount += 1
    const { user } = await createStaffUser({
      db: database.db,
      now: clock,
      organisationId: org.organisation.id,
      name: `Hana Owner ${staffCount}`,
      email: `hana-${staffCount}@scenario.test`,
      passwordHash,
      organisationRole: 'admin',
      gymRoles: [],
      emailVerified: true,
    })
    const staffEmail = user.email
    await staff.post('/login', { email: staffEmail, password: 'scenario password' })
    await staff.post('/email/verify', { code: await testApi.latestCode(staffEmail) })
  }

  async function memberWithCard(lastFour: string) {
    const member = await createTestMember({
      db: database.db,
      organisationId: org.organisation.id,
      gymId: org.gyms[0]!.id,
      now: clock,
    })
    await addSandboxPaymentMethod({
      db: database.db,
      now: clock,
      organisation: org,
      userId: member.id,
      pays: { card: lastFour, expYear: 2031 },
    })
    return member
  }

  /** The daily billing job, once a day from the clock's day to `until`. */
  async function runDaysUntil(until: string) {
    const providers = createSandboxProviders({ db: database.db })
    let day = clock.toISOString().slice(0, 10)
    while (day <= until) {
      clock = morning(day)
      await advanceSubscriptions({ db: database.db, now: clock })
      await runBilling({ db: database.db, providers, now: clock })
      day = addDays(day, 1)
    }
  }

  /** The membership as staff would reload it before acting (its current version). */
  const current = (id: number) =>
    database.db.query.subscriptions.findFirst({ where: (table, { eq: equals }) => equals(table.id, id) })

  const sentDates = async (subscriptionId: number) =>
    (
      await database.db
        .select()
        .from(payments)
        .where(eq(payments.subscriptionId, subscriptionId))
        .orderBy(payments.dueOn)
    )
      .filter((row) => row.status === 'sent')
      .map((row) => row.dueOn)

  async function join(priceId: number, lastFour: string, startDate: string) {
    clock = morning(startDate)
    const member = await memberWithCard(lastFour)
    await signInStaff()
    const response = await staff.post('/subscriptions', {
      price_id: priceId,
      user_id: member.id,
      start_date: startDate,
    })
    expect(response.status).toBe(201)
    return (await response.json()).data
  }

  it('bills a monthly membership from 31 January on 31 Jan, 28 Feb and 31 Mar', async () => {
    const subscription = await join(monthly, '4242', '2027-01-31')
    await runDaysUntil('2027-04-10')
    expect(await sentDates(subscription.id)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31'])
  })

  it('moves the next charge two weeks for a two-week pause, and charges nothing inside it', async () => {
    const subscription = await join(weekly, '4242', '2027-05-03')
    await runDaysUntil('2027-05-05')
    await signInStaff()
    const pause = await staff.post(`/subscriptions/${subscription.id}/pause`, {
      version: (await current(subscription.id))?.version,
      start_date: '2027-05-10',
      end_date: '2027-05-23',
    })
    expect(pause.status).toBe(200)
    await runDaysUntil('2027-06-01')
    expect(await sentDates(subscription.id)).toEqual(['2027-05-03', '2027-05-24', '2027-05-31'])
  })

  it('refuses a change made on an old version of the membership', async () => {
    const subscription = await join(weekly, '4242', '2027-06-07')
    const first = await staff.post(`/subscriptions/${subscription.id}/cancel`, {
      version: subscription.version,
    })
    expect(first.status).toBe(200)
    const stale = await staff.post(`/subscriptions/${subscription.id}/cancel`, {
      version: subscription.version,
      immediately: true,
    })
    expect(stale.status).toBe(409)
    const undone = await staff.post(`/subscriptions/${subscription.id}/undo-cancellation`, {
      version: (await first.json()).data.version,
    })
    expect(undone.status).toBe(200)
    expect((await undone.json()).data).toMatchObject({ cancelled_at: null, undo_cancellation_until: null })
  })

  it('ends a cancellation at the renewal date: nothing is charged after it', async () => {
    const subscription = await join(weekly, '4242', '2027-07-05')
    await runDaysUntil('2027-07-06')
    await signInStaff()
    const cancelled = await staff.post(`/subscriptions/${subscription.id}/cancel`, {
      version: (await current(subscription.id))?.version,
    })
    expect((await cancelled.json()).data.undo_cancellation_until.slice(0, 10)).toBe('2027-07-11')
    await runDaysUntil('2027-08-01')
    expect(await sentDates(subscription.id)).toEqual(['2027-07-05'])
  })

  it('applies a scheduled price change at the end of the period', async () => {
    const subscription = await join(weekly, '4242', '2027-08-02')
    await runDaysUntil('2027-08-03')
    await signInStaff()
    const schedule = async () =>
      staff.post('/subscriptions/schedule-price-change', {
        version: (await current(subscription.id))?.version,
        subscription_id: subscription.id,
        price_id: weeklyDearer,
      })
    // A rise at the renewal six days away gives less than the organisation's 30 days' notice (issue 25).
    const early = await schedule()
    expect(early.status).toBe(422)
    expect(JSON.stringify(await early.json())).toContain("Price rises need 30 days' notice")
    // An organisation that asks for no notice lets it through, at the period's end.
    await database.db
      .update(organisations)
      .set({ priceRiseNoticeDays: 0 })
      .where(eq(organisations.id, org.organisation.id))
    const scheduled = await schedule()
    expect(scheduled.status).toBe(200)
    expect((await scheduled.json()).data).toMatchObject({
      transition_to_price: weeklyDearer,
      transition_takes_effect_at: 'period_end',
    })
    const preview = await staff.post('/subscriptions/change-price-email-preview', {
      subscription_id: subscription.id,
      price_id: weeklyDearer,
    })
    expect((await preview.json()).data.text).toContain('$29.00')
    await runDaysUntil('2027-08-17')
    await signInStaff()
    const rows = await database.db
      .select()
      .from(payments)
      .where(eq(payments.subscriptionId, subscription.id))
      .orderBy(payments.dueOn)
    expect(rows.filter((row) => row.status === 'sent').map((row) => [row.dueOn, row.amount])).toEqual([
      ['2027-08-02', 2500],
      ['2027-08-09', 2900],
      ['2027-08-16', 2900],
    ])
    const history = await (await staff.get(`/users/${rows[0]?.userId}/price-change-history`)).json()
    expect(history.data[0]).toMatchObject({
      from_amount: 2500,
      to_amount: 2900,
      takes_effect_on: '2027-08-09',
    })
    expect(history.data[0].applied_at).not.toBeNull()
  })

  it('retries a declined card, opens the grace period, and cancels the membership after it', async () => {
    const subscription = await join(weekly, '0002', '2027-09-06')
    await runDaysUntil('2027-09-07')
    const rows = await database.db
      .select()
      .from(payments)
      .where(eq(payments.subscriptionId, subscription.id))
      .orderBy(payments.id)
    expect(
      rows
        .filter((row) => row.periodStartAt === '2027-09-06')
        .map((row) => [row.status, row.isRetry, row.dueOn]),
    ).toEqual([
      ['failed', false, '2027-09-06'],
      ['upcoming', true, '2027-09-09'],
    ])
    await runDaysUntil('2027-10-01')
    const ended = await database.db.query.subscriptions.findFirst({
      where: (table, { eq: equals }) => equals(table.id, subscription.id),
    })
    expect(ended?.cancelledAt).not.toBeNull()
    expect(ended?.cancellationReasons).toEqual(['unpaid'])
    expect(await sentDates(subscription.id)).toEqual([])
    const firstPeriod = rows[0]?.periodStartAt
    const tries = await database.db
      .select()
      .from(payments)
      .where(eq(payments.subscriptionId, subscription.id))
    expect(tries.filter((row) => row.periodStartAt === firstPeriod).map((row) => row.status)).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
    ])
    const charges = await database.db.select().from(sandboxCharges)
    expect(
      charges.filter(
        (charge) => charge.status === 'succeeded' && charge.idempotencyKey.includes(`-${rows[0]?.id}-`),
      ),
    ).toHaveLength(0)
  })

  it('moves a term membership to its next price when the term and the term grace period are over', async () => {
    const subscription = await join(term, '4242', '2028-01-03')
    await signInStaff()
    const scheduled = await staff.post('/subscriptions/schedule-price-change', {
      version: (await current(subscription.id))?.version,
      subscription_id: subscription.id,
      price_id: monthly,
    })
    // The organisation's term-membership grace period is 0 by default: the move lands on the term end.
    expect((await scheduled.json()).data).toMatchObject({
      transition_to_date: '2029-01-03',
      transition_takes_effect_at: 'date',
    })
    await runDaysUntil('2029-02-05')
    const rows = await database.db
      .select()
      .from(payments)
      .where(eq(payments.subscriptionId, subscription.id))
      .orderBy(payments.dueOn)
    const sent = rows.filter((row) => row.status === 'sent')
    expect(sent).toHaveLength(14)
    expect(sent.slice(0, 12).every((row) => row.amount === 5000)).toBe(true)
    expect(sent.slice(12).map((row) => [row.dueOn, row.amount])).toEqual([
      ['2029-01-03', 6000],
      ['2029-02-03', 6000],
    ])
  })

  it('flags a term membership cancelled inside its cooling-off period', async () => {
    const subscription = await join(term, '4242', '2027-11-01')
    expect(subscription.term_ends_at).toBe('2028-11-01')
    expect(subscription.cooling_period_ends_at).not.toBeNull()
    const cancelled = await staff.post(`/subscriptions/${subscription.id}/cancel`, {
      version: subscription.version,
    })
    expect((await cancelled.json()).data.cancelled_during_cooling_off_period).toBe(true)
  })

  it('records a manual payment that settles what a member owes', async () => {
    const subscription = await join(weekly, '9995', '2027-12-06')
    await runDaysUntil('2027-12-06')
    await signInStaff()
    const before = await database.db
      .select()
      .from(payments)
      .where(eq(payments.subscriptionId, subscription.id))
    expect(before.some((row) => row.status === 'failed')).toBe(true)
    const owing = await current(subscription.id)
    expect(owing?.balanceOwing).toBe(2500)
    const paid = await staff.post(`/subscriptions/${subscription.id}/manual-payment`, {
      version: owing?.version,
      amount: 2500,
      method: 'cash',
      note: 'Paid cash at the desk',
    })
    expect(paid.status).toBe(200)
    expect((await paid.json()).data).toMatchObject({
      balance_owing: 0,
      periods_owing: 0,
      grace_period_ends_at: null,
    })
  })
})

describe('billing scenarios need', () => {
  it('a clock that is an argument', () => {
    expect(morning('2027-01-31').toISOString()).toBe('2027-01-30T17:00:00.000Z')
  })
})

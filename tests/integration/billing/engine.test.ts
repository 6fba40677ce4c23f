import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { paymentAttempts, payments, sandboxCharges, subscriptions } from '~/db/schema'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import { runBilling } from '~/server/billing/engine/run-billing.server'
import type { PaymentProviders } from '~/server/providers/payments/payment-provider'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { createSubscribedTestMember, createTestPriceFor } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { atDay, paymentsOf, runEngineOn } from '../support/billing'
import { describeEachDatabase } from '../support/database'

/** Noon in Auckland on a calendar day, the time the tests "are" on that day. */
const at = atDay

describeEachDatabase('billing engine', (database) => {
  let org: TestOrganisation
  let weeklyPriceId: number

  beforeAll(async () => {
    org = await createTestOrganisation({ db: database.db, name: 'Engine Gym', now: at('2026-01-01') })
    // Weekly, $25.00.
    weeklyPriceId = (await createTestPriceFor({ db: database.db, organisation: org, now: at('2026-01-01') }))
      .price.id
  })

  async function membership(options: { card?: string; bankSuffix?: string; startDate: string }) {
    const pays = options.card
      ? { card: options.card }
      : { bankAccount: `12-3140-0171323-0${options.bankSuffix ?? '0'}` }
    return createSubscribedTestMember({
      db: database.db,
      organisation: org,
      priceId: weeklyPriceId,
      startDate: options.startDate,
      pays: [pays],
    })
  }

  const day = (date: string, providers?: PaymentProviders) =>
    runEngineOn({ db: database.db, days: [date], providers })

  it('creates each period’s payment a week ahead and charges it once, on its due date', async () => {
    const { subscription } = await membership({ card: '4242', startDate: '2026-02-02' })
    await advanceSubscriptions({ db: database.db, now: at('2026-02-02') })
    const [upcoming] = await paymentsOf(database.db, subscription.id)
    expect(upcoming).toMatchObject({
      status: 'upcoming',
      dueOn: '2026-02-09',
      periodStartAt: '2026-02-09',
      periodEndAt: '2026-02-16',
      amount: 2500,
    })

    await day('2026-02-08')
    expect((await paymentsOf(database.db, subscription.id))[0]?.status).toBe('upcoming')
    await day('2026-02-09')
    await day('2026-02-09')
    const [charged] = await paymentsOf(database.db, subscription.id)
    expect(charged).toMatchObject({
      status: 'sent',
      attempt: 1,
      idempotencyKey: `gymbase-payment-${charged?.id}-attempt-1`,
    })
    const ledger = await database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotencyKey, charged?.idempotencyKey ?? ''))
    expect(ledger).toHaveLength(1)
    const [renewed] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id))
    expect(renewed).toMatchObject({
      currentPeriodStart: '2026-02-09',
      currentPeriodEnd: '2026-02-16',
      balanceOwing: 0,
    })
  })

  it('retries a declined card on a schedule, owes the period, and cancels after the grace period', async () => {
    const { subscription } = await membership({ card: '0002', startDate: '2026-03-02' })
    for (const date of ['2026-03-02', '2026-03-09']) await day(date)
    let rows = await paymentsOf(database.db, subscription.id)
    expect(rows.map((row) => [row.status, row.isRetry, row.dueOn, row.periodStartAt])).toEqual([
      ['failed', false, '2026-03-09', '2026-03-09'],
      ['upcoming', false, '2026-03-16', '2026-03-16'],
      ['upcoming', true, '2026-03-12', '2026-03-09'],
    ])
    expect(rows[0]).toMatchObject({ errorStatus: 'card_declined' })
    let [owing] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
    expect(owing).toMatchObject({ balanceOwing: 2500, periodsOwing: 1, gracePeriodEndsAt: '2026-03-23' })

    for (const date of ['2026-03-12', '2026-03-16', '2026-03-23']) await day(date)
    rows = await paymentsOf(database.db, subscription.id)
    const retries = rows.filter((row) => row.periodStartAt === '2026-03-09')
    expect(retries.map((row) => row.status)).toEqual(['failed', 'failed', 'failed', 'failed'])
    ;[owing] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
    expect(owing?.cancelledAt).toBeNull()
    await day('2026-03-24')
    ;[owing] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
    expect(owing?.cancelledAt).not.toBeNull()
    expect(owing?.cancellationReasons).toEqual(['unpaid'])
    const later = (await paymentsOf(database.db, subscription.id)).filter((row) => row.dueOn > '2026-03-24')
    expect(later.every((row) => row.status === 'cancelled')).toBe(true)
    await day('2026-04-20')
    expect(
      (await paymentsOf(database.db, subscription.id)).filter((row) => row.status === 'sent'),
    ).toHaveLength(0)
  })

  it('takes a bank payment through pending to sent as the bank settles it', async () => {
    const { subscription } = await membership({ bankSuffix: '91', startDate: '2026-05-04' })
    await day('2026-05-04')
    await day('2026-05-11')
    expect((await paymentsOf(database.db, subscription.id))[0]).toMatchObject({
      status: 'pending_request',
      attempt: 1,
    })
    await runBilling({
      db: database.db,
      providers: createSandboxProviders({ db: database.db }),
      now: new Date(at('2026-05-11').getTime() + 2 * 3_600_000),
    })
    const [settled] = await paymentsOf(database.db, subscription.id)
    expect(settled).toMatchObject({ status: 'sent' })
    expect(settled?.pollCount).toBeGreaterThanOrEqual(1)
  })

  it('settles an attempt left in doubt by asking the provider, never charging twice', async () => {
    const { subscription } = await membership({ card: '4242', startDate: '2026-06-01' })
    await advanceSubscriptions({ db: database.db, now: at('2026-06-01') })
    // The provider records the charge, then the answer is lost (the worker "dies").
    const lossy = createSandboxProviders({ db: database.db, faults: { failAfterRecordBeforeReturn: true } })
    await day('2026-06-08', lossy)
    const [inDoubt] = await paymentsOf(database.db, subscription.id)
    expect(inDoubt).toMatchObject({ status: 'pending_request', attempt: 1 })
    const [attempt] = await database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.paymentId, inDoubt?.id ?? 0))
    expect(attempt?.status).toBe('started')

    await runBilling({
      db: database.db,
      providers: createSandboxProviders({ db: database.db }),
      now: new Date(at('2026-06-08').getTime() + 5 * 60_000),
    })
    const [settled] = await paymentsOf(database.db, subscription.id)
    expect(settled).toMatchObject({ status: 'sent', attempt: 1 })
    const ledger = await database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotencyKey, settled?.idempotencyKey ?? ''))
    expect(ledger).toHaveLength(1)
  })

  it('lets two runs at once charge each due payment exactly once', async () => {
    const members = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        membership({ card: index % 3 === 0 ? '0002' : '4242', startDate: '2026-07-06' }),
      ),
    )
    await advanceSubscriptions({ db: database.db, now: at('2026-07-06') })
    const providers = createSandboxProviders({ db: database.db })
    const now = at('2026-07-13')
    await Promise.all([
      runBilling({ db: database.db, providers, now, batchSize: 3 }),
      runBilling({ db: database.db, providers, now, batchSize: 3 }),
      advanceSubscriptions({ db: database.db, now }),
    ])
    const ids = members.map((created) => created.subscription.id)
    const rows = await database.db
      .select({ status: payments.status, count: sql<number>`count(*)::int` })
      .from(payments)
      .where(and(sql`${payments.subscriptionId} in ${ids}`, eq(payments.dueOn, '2026-07-13')))
      .groupBy(payments.status)
    expect(Object.fromEntries(rows.map((row) => [row.status, row.count]))).toEqual({ sent: 8, failed: 4 })
    const charges = await database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from ${sandboxCharges} c join ${payments} p on p.idempotency_key = c.idempotency_key where p.subscription_id in ${ids} and p.due_on = '2026-07-13'`,
    )
    expect(charges.rows[0]?.count).toBe(12)
  })
})

import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import type { Db } from '~/db/client.server'
import { payments, subscriptions } from '~/db/schema'
import { checkInvariants } from '~/server/billing/simulation/check-invariants.server'
import { recalculateBalanceOwing } from '~/server/services/subscriptions/recalculate-balance-owing.server'
import { createSubscribedTestMember, createTestPriceFor } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { atDay as at, failedPaymentsOf, runEngineOn } from '../support/billing'
import { describeEachDatabase } from '../support/database'

// The engine records balances through this function; a test swaps in a faulty one to show that the
// ledger check does not take the writer's word for it.
vi.mock('~/server/services/subscriptions/recalculate-balance-owing.server', async (importOriginal) => {
  const actual =
    await importOriginal<typeof import('~/server/services/subscriptions/recalculate-balance-owing.server')>()
  return { ...actual, recalculateBalanceOwing: vi.fn(actual.recalculateBalanceOwing) }
})

const { recalculateBalanceOwing: correctRecalculation } = await vi.importActual<
  typeof import('~/server/services/subscriptions/recalculate-balance-owing.server')
>('~/server/services/subscriptions/recalculate-balance-owing.server')

describeEachDatabase('the ledger-balanced invariant', (database) => {
  let org: TestOrganisation
  let priceId: number

  beforeAll(async () => {
    org = await createTestOrganisation({
      db: database.db,
      now: at('2026-01-01'),
      cardSurchargeBasisPoints: 250,
      cardSurchargeFixed: 30,
    })
    // Weekly, $25.00.
    priceId = (await createTestPriceFor({ db: database.db, organisation: org, now: at('2026-01-01') })).price
      .id
  })

  afterEach(() => {
    vi.mocked(recalculateBalanceOwing).mockImplementation(correctRecalculation)
  })

  /** A member on a card that is always declined: the first period fails, and so does its retry. */
  async function declinedMembership(startDate: string, retryDate: string) {
    const db = database.db
    const { subscription } = await createSubscribedTestMember({
      db,
      organisation: org,
      priceId,
      startDate,
      pays: [{ card: '0002' }],
    })
    const firstCharge = (
      await database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
    )[0]?.currentPeriodEnd
    await runEngineOn({ db, days: [startDate, firstCharge ?? startDate, retryDate] })
    const failed = await failedPaymentsOf(db, subscription.id)
    // Two declined charges of one period: it is owed once, for what the latest asked.
    expect(failed).toHaveLength(2)
    expect(new Set(failed.map((payment) => payment.periodStartAt)).size).toBe(1)
    return { subscription, failed }
  }

  async function ledger(db: Db) {
    const results = await checkInvariants({ db })
    const result = results.find((invariant) => invariant.name === 'ledger balanced')
    if (!result) throw new Error('No ledger-balanced invariant')
    return result
  }

  const mentions = (examples: string[], subscriptionId: number) =>
    examples.some((example) => example.startsWith(`subscription_id=${subscriptionId} `))

  it('holds when the stored balance is what the payments say, and fails when it is not', async () => {
    const { subscription, failed } = await declinedMembership('2026-03-02', '2026-03-12')
    const [stored] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id))
    const latest = failed.reduce((a, b) => (b.id > a.id ? b : a))
    expect(stored).toMatchObject({ balanceOwing: latest.amount + latest.surcharge, periodsOwing: 1 })
    expect(latest.surcharge).toBeGreaterThan(0)
    expect(await ledger(database.db)).toMatchObject({ ok: true, violations: 0 })

    await database.db
      .update(subscriptions)
      .set({ balanceOwing: sql`${subscriptions.balanceOwing} + 1` })
      .where(eq(subscriptions.id, subscription.id))
    const corrupted = await ledger(database.db)
    expect(corrupted).toMatchObject({ ok: false, violations: 1 })
    expect(mentions(corrupted.examples, subscription.id)).toBe(true)
    await database.db
      .update(subscriptions)
      .set({ balanceOwing: sql`${subscriptions.balanceOwing} - 1` })
      .where(eq(subscriptions.id, subscription.id))
    expect(await ledger(database.db)).toMatchObject({ ok: true })
  })

  it('fails when a payment changes behind the balance’s back', async () => {
    const { subscription, failed } = await declinedMembership('2026-04-06', '2026-04-16')
    // The owed period marked paid without the balance being worked out again.
    await database.db
      .update(payments)
      .set({ status: 'sent' })
      .where(eq(payments.id, failed[0]?.id ?? 0))
    const result = await ledger(database.db)
    expect(result.ok).toBe(false)
    expect(mentions(result.examples, subscription.id)).toBe(true)
    await correctRecalculation({
      db: database.db,
      now: at('2026-04-16'),
      organisationId: org.organisation.id,
      subscriptionIds: [subscription.id],
    })
    expect(await ledger(database.db)).toMatchObject({ ok: true })
  })

  it('catches a mistake in recalculateBalanceOwing itself, which a check through it would repeat', async () => {
    // The mistake: every declined charge adds to the balance, so a retried period counts twice.
    // It stores and answers the same wrong number, as a real bug would, so checking the stored
    // balances against its answer would find nothing.
    vi.mocked(recalculateBalanceOwing).mockImplementation(async (options) => {
      const results = await correctRecalculation(options)
      const wrong = []
      for (const result of results) {
        const { rows } = await options.db.execute<{ total: number }>(sql`
          select coalesce(sum(amount + surcharge - credit_used), 0)::int as total from payments
          where subscription_id = ${result.subscriptionId} and status = 'failed'`)
        const balanceOwing = rows[0]?.total ?? 0
        await options.db
          .update(subscriptions)
          .set({ balanceOwing })
          .where(eq(subscriptions.id, result.subscriptionId))
        wrong.push({ ...result, balanceOwing })
      }
      return wrong
    })
    const { subscription, failed } = await declinedMembership('2026-05-04', '2026-05-14')
    const [stored] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id))
    expect(stored?.balanceOwing).toBe(
      failed.reduce((sum, payment) => sum + payment.amount + payment.surcharge, 0),
    )
    const result = await ledger(database.db)
    expect(result.ok).toBe(false)
    expect(mentions(result.examples, subscription.id)).toBe(true)
  })
})

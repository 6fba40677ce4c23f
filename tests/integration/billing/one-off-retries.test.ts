import { asc, eq, sql } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { payments, subscriptions } from '~/db/schema'
import { addDays, instantAt } from '~/server/billing/calendar'
import { runBilling } from '~/server/billing/engine/run-billing.server'
import { checkInvariants } from '~/server/billing/simulation/check-invariants.server'
import { type LedgerPayment, owingFromPayments } from '~/server/billing/simulation/owing-from-payments'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import {
  addSandboxPaymentMethod,
  createSubscribedTestMember,
  createTestPrice,
} from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { describeEachDatabase } from '../support/database'

/**
 * Issue 30 point 2 (ADR 056): the two balance computations on a one-off payment (no period) that
 * failed and was retried twice by the engine. The code that writes balances
 * (`recalculateBalanceOwing`) keys such a payment's "period" by its retry chain (`meta.retry_of`); the
 * simulation's independent check (`owingFromPayments`) used to key it by the payment's own id, counting
 * each failed retry as one more charge owed. The member was asked for one charge, three times: one is
 * owed, for what the latest retry asked.
 */
const DAY = '2026-05-04'
const ONE_OFF = 4000

describeEachDatabase('a one-off payment that failed and was retried twice', (database) => {
  let org: TestOrganisation
  let subscriptionId: number
  let userId: number
  let goodCardId: number

  beforeAll(async () => {
    const { db } = database
    const now = instantAt(addDays(DAY, -1), '09:00')
    org = await createTestOrganisation({ db, now, cardSurchargeBasisPoints: 150, cardSurchargeFixed: 30 })
    const { price } = await createTestPrice({
      db,
      organisationId: org.organisation.id,
      gymIds: [org.gyms[0]!.id],
      billingFrequency: 'weekly',
      amount: 2500,
      now,
    })
    // The membership starts long after: only the one-off is due in these weeks.
    const member = await createSubscribedTestMember({
      db,
      organisation: org,
      priceId: price.id,
      startDate: addDays(DAY, 90),
      now,
      seed: 'one-off',
      // Declined for insufficient funds: a soft decline, retried 3, 4 and 7 days on.
      pays: [{ card: '9995' }],
    })
    subscriptionId = member.subscription.id
    userId = member.member.id
    goodCardId = (
      await addSandboxPaymentMethod({
        db,
        now,
        organisation: org,
        userId,
        pays: { card: '4242', makeDefault: false },
      })
    ).id
    const [first] = await db
      .select({ paymentMethodId: payments.paymentMethodId, gymId: payments.gymId })
      .from(payments)
      .where(eq(payments.subscriptionId, subscriptionId))
    // A charge outside the period schedule (a one-off), due on DAY, as staff would add it.
    await db.insert(payments).values({
      organisationId: org.organisation.id,
      subscriptionId,
      userId,
      gymId: first?.gymId ?? org.gyms[0]!.id,
      paymentMethodId: member.paymentMethods[0]!.id,
      amount: ONE_OFF,
      surcharge: 90,
      dueOn: DAY,
      type: 'stripe_card',
      periodStartAt: null,
      periodEndAt: null,
      createdAt: now,
      updatedAt: now,
    })
  })

  async function ledgerRows(): Promise<(LedgerPayment & { meta: Record<string, unknown> })[]> {
    return database.db
      .select({
        id: payments.id,
        subscriptionId: payments.subscriptionId,
        periodStart: payments.periodStartAt,
        retryOf: sql<number | null>`(${payments.meta}->>'retry_of')::int`,
        status: payments.status,
        total: sql<number>`${payments.amount} + ${payments.surcharge} - ${payments.creditUsed}`.mapWith(
          Number,
        ),
        meta: payments.meta,
      })
      .from(payments)
      .where(sql`${payments.subscriptionId} = ${subscriptionId} and ${payments.periodStartAt} is null`)
      .orderBy(asc(payments.id))
  }

  async function stored() {
    const [row] = await database.db
      .select({ balanceOwing: subscriptions.balanceOwing, periodsOwing: subscriptions.periodsOwing })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId))
    return row
  }

  it('owes one charge, what the latest retry asked: the writer was right, the check now agrees', async () => {
    const { db } = database
    const providers = createSandboxProviders({ db })
    // The charge on DAY, its first retry 3 days on, its second 4 days after that: all declined.
    for (const day of [DAY, addDays(DAY, 3), addDays(DAY, 7)]) {
      await runBilling({ db, providers, now: instantAt(day, '06:00') })
    }
    const rows = await ledgerRows()
    const [first] = rows
    expect(rows.map((row) => [row.status, row.meta.retry_of ?? null, row.meta.retry_number ?? 0])).toEqual([
      ['failed', null, 0],
      ['failed', first!.id, 1],
      ['failed', first!.id, 2],
      ['upcoming', first!.id, 3],
    ])
    const latestFailed = rows[2]!
    // What the provider was asked: one charge of the one-off, three times, none taken.
    const charges = await db.execute<{ status: string; amount: number }>(
      sql`select c.status, c.amount from sandbox_charges c
        join payment_attempts a on a.idempotency_key = c.idempotency_key
        join payments p on p.id = a.payment_id
        where p.subscription_id = ${subscriptionId} order by c.id`,
    )
    expect(charges.rows.map((charge) => charge.status)).toEqual(['failed', 'failed', 'failed'])

    // The writer: one period owed, the latest retry's total.
    const one = { balanceOwing: latestFailed.total, periodsOwing: 1 }
    expect(await stored()).toEqual(one)
    // The check: the same, from the rows alone.
    expect(owingFromPayments(rows).get(subscriptionId)).toEqual(one)
    // The old reading, each payment its own period, owed the one-off three times over.
    const byPaymentId = owingFromPayments(rows.map((row) => ({ ...row, retryOf: null })))
    expect(byPaymentId.get(subscriptionId)).toEqual({
      balanceOwing: rows.slice(0, 3).reduce((sum, row) => sum + row.total, 0),
      periodsOwing: 3,
    })
    const ledger = (await checkInvariants({ db })).find((result) => result.name === 'ledger balanced')
    expect(ledger).toMatchObject({ ok: true, violations: 0 })
  })

  it('owes nothing once the last retry is paid, by both', async () => {
    const { db } = database
    await db
      .update(payments)
      .set({ paymentMethodId: goodCardId })
      .where(sql`${payments.subscriptionId} = ${subscriptionId} and ${payments.status} = 'upcoming'`)
    await runBilling({
      db,
      providers: createSandboxProviders({ db }),
      now: instantAt(addDays(DAY, 14), '06:00'),
    })
    const rows = await ledgerRows()
    expect(rows.map((row) => row.status)).toEqual(['failed', 'failed', 'failed', 'sent'])
    expect(await stored()).toEqual({ balanceOwing: 0, periodsOwing: 0 })
    expect(owingFromPayments(rows).get(subscriptionId)).toBeUndefined()
    const ledger = (await checkInvariants({ db })).find((result) => result.name === 'ledger balanced')
    expect(ledger).toMatchObject({ ok: true, violations: 0 })
  })
})

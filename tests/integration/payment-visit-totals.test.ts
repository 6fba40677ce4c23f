import { eq, sql } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { organisations, payments, visits } from '~/db/schema'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import { runBilling } from '~/server/billing/engine/run-billing.server'
import { notFailedPaymentStatuses } from '~/server/billing/payment-statuses'
import { createOutboxMailer } from '~/server/mail/outbox-mailer.server'
import { sandboxCardReference } from '~/server/providers/payments/card-sandbox.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { deactivateMember } from '~/server/services/members/deactivate-member.server'
import { addPaymentMethod } from '~/server/services/payment-methods/add-payment-method.server'
import { waivePayment } from '~/server/services/payments/waive-payment.server'
import { createSubscription } from '~/server/services/subscriptions/create-subscription.server'
import { recordVisits } from '~/server/services/visits/record-visits.server'
import { createTestMember, createTestPrice } from '../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../factories/organisation-factory'
import { describeEachDatabase } from './support/database'

/** The day's start in UTC: 00:00Z is midday or 1 pm in Auckland, the same calendar day. */
const at = (day: string) => new Date(`${day}T00:00:00Z`)

/**
 * `payment_day_totals`, `payment_amount_totals`, `payment_member_totals`, `visit_day_counts` and
 * `visit_member_counts` (ADR 028) are written by triggers only. After each kind of write the payments and visits lists' totals depend
 * on — payments created and charged by the billing engine (upcoming, pending, sent, failed, retried, cancelled), a failed payment waived, a member
 * deleted (their upcoming payments withdrawn), payments inserted, changed and deleted in bulk, visits
 * recorded, moved across an Auckland midnight and removed, an organisation deleted — every total must
 * equal a group-by over the source rows, worked out here the slow way.
 */
describeEachDatabase('payment and visit totals', (database) => {
  let org: TestOrganisation
  let priceId: number
  /** Who waives and deletes (the audit lines need a user). */
  let actorId: number

  const rows = async (query: ReturnType<typeof sql>) =>
    (await database.db.execute<Record<string, unknown>>(query)).rows
  /** The totals table's rows that are not zeros, and the same worked out from the source rows. */
  const compare = async (table: string, keys: string, source: string, sums: string, nonZero: string) => {
    const want = await rows(
      sql.raw(`select ${keys}, ${sums} from ${source} group by ${keys} order by ${keys}`),
    )
    expect(await rows(sql.raw(`select * from ${table} where ${nonZero} order by ${keys}`))).toEqual(want)
  }
  const expectInStep = async () => {
    const money = 'count(*)::int as payments, sum(amount + surcharge)::bigint as money'
    const paid = 'payments <> 0 or money <> 0'
    await compare(
      'payment_day_totals',
      'organisation_id, due_on, gym_id, status, type, is_retry',
      'payments',
      money,
      paid,
    )
    await compare(
      'payment_amount_totals',
      'organisation_id, gym_id, status, type, is_retry, amount',
      'payments',
      money,
      paid,
    )
    await compare(
      'payment_member_totals',
      'organisation_id, user_id, gym_id, status, type, is_retry',
      'payments',
      money,
      paid,
    )
    const day = `(visited_at at time zone 'Pacific/Auckland')::date`
    await compare(
      'visit_day_counts',
      'organisation_id, day, gym_id, successful',
      `(select *, ${day} as day from visits) v`,
      'count(*)::int as visits',
      'visits <> 0',
    )
    await compare(
      'visit_member_counts',
      'organisation_id, user_id, gym_id, successful',
      'visits',
      'count(*)::int as visits',
      'visits <> 0',
    )
  }

  /** A member paying weekly by card from `startDate` (`0002` declines, `4242` pays). */
  async function membership(options: { organisation?: TestOrganisation; card: string; startDate: string }) {
    const { db } = database
    const owner = options.organisation ?? org
    const gymId = owner.gyms[0]?.id ?? 0
    const now = at(options.startDate)
    const member = await createTestMember({ db, organisationId: owner.organisation.id, gymId, now })
    await addPaymentMethod({
      db,
      now,
      organisationId: owner.organisation.id,
      userId: member.id,
      method: {
        type: 'stripe_card',
        gymId,
        brand: 'visa',
        lastFour: options.card,
        expMonth: 12,
        expYear: 2030,
        providerReference: sandboxCardReference(options.card),
      },
    })
    const subscription = await createSubscription({
      db,
      now,
      organisationId: owner.organisation.id,
      userId: member.id,
      gymId,
      priceId: options.organisation ? await priceFor(options.organisation) : priceId,
      startDate: options.startDate,
    })
    return { member, subscription }
  }
  const priceFor = async (owner: TestOrganisation) =>
    (
      await createTestPrice({
        db: database.db,
        organisationId: owner.organisation.id,
        gymIds: [owner.gyms[0]?.id ?? 0],
        billingFrequency: 'weekly',
        amount: 3100,
        now: at('2026-01-01'),
      })
    ).price.id

  async function day(date: string) {
    const now = at(date)
    await advanceSubscriptions({ db: database.db, now })
    await runBilling({ db: database.db, providers: createSandboxProviders({ db: database.db }), now })
  }

  beforeAll(async () => {
    org = await createTestOrganisation({
      db: database.db,
      name: 'Totals Gym',
      gymNames: ['Newmarket', 'Ponsonby'],
      now: at('2026-01-01'),
    })
    priceId = await priceFor(org)
    actorId = (
      await createTestMember({
        db: database.db,
        organisationId: org.organisation.id,
        gymId: org.gyms[0]?.id ?? 0,
      })
    ).id
  })

  it('follows the billing engine: payments created, charged, failed, retried and cancelled', async () => {
    await membership({ card: '4242', startDate: '2026-03-02' })
    const declined = await membership({ card: '0002', startDate: '2026-03-02' })
    await advanceSubscriptions({ db: database.db, now: at('2026-03-02') })
    await expectInStep()
    for (const date of ['2026-03-09', '2026-03-12', '2026-03-16']) {
      await day(date)
      await expectInStep()
    }
    const statuses = await database.db
      .select({ status: payments.status, isRetry: payments.isRetry })
      .from(payments)
      .where(eq(payments.subscriptionId, declined.subscription.id))
    expect(statuses.some((row) => row.status === 'failed' && row.isRetry)).toBe(true)
    // Past the grace period the membership is cancelled and its later payments withdrawn.
    await day('2026-03-24')
    await expectInStep()
  })

  it('follows a failed payment waived, and a member deleted with their upcoming payments', async () => {
    const { member, subscription } = await membership({ card: '0002', startDate: '2026-04-06' })
    for (const date of ['2026-04-06', '2026-04-13']) await day(date)
    const [failed] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.subscriptionId, subscription.id))
      .orderBy(payments.id)
    expect(failed?.status).toBe('failed')
    await waivePayment({
      db: database.db,
      now: at('2026-04-13'),
      paymentId: failed?.id ?? 0,
      reason: 'Hardship',
      actorId,
      mailer: createOutboxMailer({ db: database.db, driver: database.driver, close: async () => {} }),
    })
    await expectInStep()
    const [waived] = await database.db
      .select({ waived: sql<number>`sum(payments)::int` })
      .from(sql`payment_day_totals`)
      .where(sql`organisation_id = ${org.organisation.id} and status = 'waived'`)
    expect(waived?.waived).toBe(1)

    await deactivateMember({
      db: database.db,
      now: at('2026-04-14'),
      organisationId: org.organisation.id,
      actorUserId: actorId,
      memberId: member.id,
    })
    await expectInStep()
  })

  it('follows payments inserted, changed (day, gym, amount, surcharge, status) and deleted in bulk', async () => {
    const { db } = database
    const { member, subscription } = await membership({ card: '4242', startDate: '2026-05-04' })
    const gymIds = org.gyms.map((gym) => gym.id)
    await db.execute(sql`
      insert into payments (organisation_id, subscription_id, user_id, gym_id, amount, surcharge, due_on,
        status, type, is_retry)
      select ${org.organisation.id}, ${subscription.id}, ${member.id}, (array[${gymIds[0]}::int, ${gymIds[1]}::int])[1 + n % 2],
        1000 + n, n % 3, ('2026-05-01'::date + n % 5)::date,
        (array['sent', 'failed', 'upcoming', 'insufficient_funds'])[1 + n % 4],
        (array['stripe_card', 'bank_account', 'manual'])[1 + n % 3], n % 5 = 0
      from generate_series(1, 40) as n`)
    await expectInStep()
    // Moves between keys, changes of money only, and changes that move nothing at all.
    await db.execute(
      sql`update payments set due_on = due_on + 1 where subscription_id = ${subscription.id} and amount % 4 = 0`,
    )
    await db.execute(
      sql`update payments set gym_id = ${gymIds[0]} where subscription_id = ${subscription.id} and amount % 3 = 0`,
    )
    await db.execute(
      sql`update payments set amount = amount + 5, surcharge = 0 where subscription_id = ${subscription.id} and amount % 5 = 0`,
    )
    await db.execute(
      sql`update payments set status = 'sent' where subscription_id = ${subscription.id} and status = 'insufficient_funds'`,
    )
    // The surcharge folded into the amount: the same money, another amount.
    await db.execute(
      sql`update payments set amount = amount + surcharge, surcharge = 0 where subscription_id = ${subscription.id} and surcharge > 0 and amount % 2 = 1`,
    )
    await db.execute(
      sql`update payments set poll_count = poll_count + 1 where subscription_id = ${subscription.id}`,
    )
    // A payment put on another member's account moves between member totals only.
    await db.execute(
      sql`update payments set user_id = ${actorId} where subscription_id = ${subscription.id} and amount % 7 = 0`,
    )
    await expectInStep()
    await db.execute(sql`delete from payments where subscription_id = ${subscription.id} and amount % 2 = 0`)
    await expectInStep()
  })

  it('follows visits recorded, moved across an Auckland midnight and removed', async () => {
    const { db } = database
    const gymIds = org.gyms.map((gym) => gym.id)
    const member = await createTestMember({ db, organisationId: org.organisation.id, gymId: gymIds[0] ?? 0 })
    await recordVisits({
      db,
      now: at('2026-06-30'),
      organisationId: org.organisation.id,
      visits: [
        // 11:30 pm and 12:30 am in Auckland (NZST, +12): two calendar days.
        { userId: member.id, gymId: gymIds[0] ?? 0, visitedAt: new Date('2026-06-01T11:30:00Z') },
        { userId: member.id, gymId: gymIds[0] ?? 0, visitedAt: new Date('2026-06-01T12:30:00Z') },
        {
          userId: member.id,
          gymId: gymIds[1] ?? 0,
          visitedAt: new Date('2026-06-02T20:00:00Z'),
          successful: false,
          refusedReason: 'Membership paused',
        },
      ],
    })
    await expectInStep()
    const days = await rows(sql`
      select day::text as day, visits from visit_day_counts
      where organisation_id = ${org.organisation.id} and gym_id = ${gymIds[0]} and visits <> 0 order by day`)
    expect(days).toEqual([
      { day: '2026-06-01', visits: 1 },
      { day: '2026-06-02', visits: 1 },
    ])

    await db.execute(sql`
      insert into visits (organisation_id, gym_id, user_id, visited_at, successful)
      select ${org.organisation.id}, ${gymIds[1]}, ${member.id}, '2026-06-10T00:00:00Z'::timestamptz + n * interval '3 hours', n % 4 <> 0
      from generate_series(1, 30) as n`)
    await expectInStep()
    await db
      .update(visits)
      .set({ visitedAt: new Date('2026-06-01T12:10:00Z') })
      .where(eq(visits.visitedAt, new Date('2026-06-01T11:30:00Z')))
    await db.execute(
      sql`update visits set successful = not successful where user_id = ${member.id} and gym_id = ${gymIds[1]}`,
    )
    await db.execute(
      sql`update visits set refused_reason = 'Tag not recognised' where user_id = ${member.id} and not successful`,
    )
    await expectInStep()
    await db.execute(sql`delete from visits where user_id = ${member.id} and visited_at > '2026-06-11'`)
    await expectInStep()
  })

  it('drops an organisation’s totals with the organisation', async () => {
    const { db } = database
    const other = await createTestOrganisation({ db, name: 'Closing Gym', now: at('2026-01-01') })
    const { member } = await membership({ organisation: other, card: '4242', startDate: '2026-07-06' })
    await day('2026-07-06')
    await recordVisits({
      db,
      now: at('2026-07-07'),
      organisationId: other.organisation.id,
      visits: [{ userId: member.id, gymId: other.gyms[0]?.id ?? 0, visitedAt: at('2026-07-06') }],
    })
    await expectInStep()
    await db.delete(organisations).where(eq(organisations.id, other.organisation.id))
    await expectInStep()
    const left = await rows(sql`
      select (select count(*)::int from payment_day_totals where organisation_id = ${other.organisation.id}) as payments,
        (select count(*)::int from payment_amount_totals where organisation_id = ${other.organisation.id}) as amounts,
        (select count(*)::int from visit_day_counts where organisation_id = ${other.organisation.id}) as visits`)
    expect(left).toEqual([{ payments: 0, amounts: 0, visits: 0 }])
  })

  it('keeps the failed payments’ index to the statuses the list counts as not failed', async () => {
    const [index] = await rows(sql`
      select pg_get_expr(indpred, indrelid) as predicate from pg_index
      where indexrelid = 'payments_organisation_failed_due_on_id_idx'::regclass`)
    const listed = [...String(index?.predicate).matchAll(/'([a-z_]+)'/g)].map((match) => match[1])
    expect(listed).toEqual(notFailedPaymentStatuses)
  })
})

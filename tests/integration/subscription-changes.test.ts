import { eq, sql } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { payments, subscriptions } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { cardSurcharge } from '~/server/billing/amounts'
import { addPaymentMethod } from '~/server/services/payment-methods/add-payment-method.server'
import { createMembership } from '~/server/services/subscriptions/create-membership.server'
import {
  cancelSubscriptionNow,
  startSubscriptionEarly,
} from '~/server/services/subscriptions/manage-subscription.server'
import { changedMeanwhileMessage } from '~/server/services/subscriptions/subscription-version.server'
import { testNow } from '../factories/clock'
import { createTestMember, createTestPrice } from '../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../factories/organisation-factory'
import { describeEachDatabase } from './support/database'

const now = testNow

describeEachDatabase('staff changes to a membership', (t) => {
  let org: TestOrganisation
  let priceId: number

  beforeAll(async () => {
    org = await createTestOrganisation({
      db: t.db,
      now,
      cardSurchargeBasisPoints: 250,
      cardSurchargeFixed: 30,
    })
    priceId = (
      await createTestPrice({
        db: t.db,
        organisationId: org.organisation.id,
        gymIds: [org.gyms[0]!.id],
        billingFrequency: 'monthly',
        amount: 6000,
        now,
      })
    ).price.id
  })

  async function membership(options: { startDate: string; card?: boolean }) {
    const member = await createTestMember({
      db: t.db,
      organisationId: org.organisation.id,
      gymId: org.gyms[0]!.id,
      now,
    })
    if (options.card) {
      await addPaymentMethod({
        db: t.db,
        now,
        organisationId: org.organisation.id,
        userId: member.id,
        method: {
          type: 'stripe_card',
          gymId: org.gyms[0]!.id,
          brand: 'visa',
          lastFour: '4242',
          expMonth: 12,
          expYear: 2030,
        },
      })
    }
    return createMembership({
      db: t.db,
      now,
      organisationId: org.organisation.id,
      userId: member.id,
      priceId,
      startDate: options.startDate,
    })
  }

  const reload = async (id: number) => {
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id))
    const rows = await t.db.select().from(payments).where(eq(payments.subscriptionId, id))
    return { subscription: row, statuses: rows.map((payment) => payment.status) }
  }

  it('cancels now all or nothing: when withdrawing the payments fails, the membership stays as it was', async () => {
    const subscription = await membership({ startDate: '2026-04-01' })
    expect((await reload(subscription.id)).statuses).toEqual(['upcoming'])

    // Any update of a payment fails, as a lost connection or a constraint would half way through.
    await t.db.execute(sql`create function refuse_payment_updates() returns trigger language plpgsql as $$
      begin raise exception 'payments refused in this test'; end $$`)
    await t.db.execute(sql`create trigger refuse_payment_updates before update on payments
      for each row execute function refuse_payment_updates()`)
    try {
      await expect(
        cancelSubscriptionNow({ db: t.db, now, subscription, reasons: ['moving away'] }),
      ).rejects.toThrow()
    } finally {
      await t.db.execute(sql`drop trigger refuse_payment_updates on payments`)
      await t.db.execute(sql`drop function refuse_payment_updates()`)
    }
    const untouched = await reload(subscription.id)
    expect(untouched.subscription).toMatchObject({
      cancelledAt: null,
      cancellationReasons: [],
      version: subscription.version,
    })
    expect(untouched.statuses).toEqual(['upcoming'])

    // The same call, nothing in its way, changes both together.
    const cancelled = await cancelSubscriptionNow({ db: t.db, now, subscription, reasons: ['moving away'] })
    expect(cancelled.cancelledAt).toEqual(now)
    expect((await reload(subscription.id)).statuses).toEqual(['cancelled'])
  })

  it('cancels now only the version staff read', async () => {
    const subscription = await membership({ startDate: '2026-04-01' })
    await cancelSubscriptionNow({ db: t.db, now, subscription, reasons: [] })
    const stale = { ...subscription, cancelledAt: null }
    const refused = await cancelSubscriptionNow({ db: t.db, now, subscription: stale, reasons: [] }).catch(
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({ code: 'CONFLICT', message: changedMeanwhileMessage })
  })

  it('charges the card surcharge on the pro-rata part of a membership started early by card', async () => {
    const subscription = await membership({ startDate: '2026-04-01', card: true })
    const started = await startSubscriptionEarly({ db: t.db, now, subscription })
    expect(started.pro_rata_amount).toBeGreaterThan(0)
    const [proRata] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.subscriptionId, subscription.id))
      .orderBy(payments.id)
      .offset(1)
    const amount = started.pro_rata_amount
    expect(proRata).toMatchObject({
      isProRata: true,
      type: 'stripe_card',
      amount,
      // As on every other payment of a card member: 2.5 % plus 30 cents.
      surcharge: cardSurcharge({
        amount,
        settings: { cardSurchargeBasisPoints: 250, cardSurchargeFixed: 30 },
      }),
    })
  })
})

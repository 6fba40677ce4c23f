import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { paymentAttempts, payments, subscriptions } from '~/db/schema'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import type { Mailer } from '~/server/services/auth/mailer'
import { joinMembership, paymentUnderWayMessage } from '~/server/services/join/join-membership.server'
import { addSandboxPaymentMethod, createTestMember, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation } from '../../factories/organisation-factory'
import { describeEachDatabase } from '../support/database'

const mailer: Mailer = { send: async () => {}, sendMany: async () => {} }
const now = new Date('2026-03-16T21:00:00Z')

/**
 * Found by `npm run chaos` (ADR 056): the web process killed after the card was charged, before the
 * answer was recorded, leaves the join's first charge in doubt on a staging membership, which the
 * billing engine leaves to the member's next Confirm. Pressed again in the same tab (same key), that
 * settles it; pressed in a new tab (a new key), it answered "still being confirmed" for ever, with the
 * money taken and no membership. Now the new press settles the earlier charge with its own key.
 */
describeEachDatabase('a join whose first charge is in doubt', (database) => {
  it('is finished by a Confirm from a new tab, charging the card once', async () => {
    const { db } = database
    const org = await createTestOrganisation({ db, now })
    const gymId = org.gyms[0]!.id
    const { price } = await createTestPrice({ db, organisationId: org.organisation.id, gymIds: [gymId], now })
    const member = await createTestMember({
      db,
      organisationId: org.organisation.id,
      gymId,
      now,
      seed: 'in-doubt',
    })
    await addSandboxPaymentMethod({ db, now, organisation: org, userId: member.id, pays: { card: '4242' } })
    const press = (clientKey: string, lossy: boolean) =>
      joinMembership({
        db,
        now,
        // The provider takes the money and the answer is lost, as when the process dies there.
        providers: createSandboxProviders({ db, faults: { failAfterRecordBeforeReturn: lossy } }),
        mailer,
        organisationId: org.organisation.id,
        userId: member.id,
        priceId: price.id,
        clientKey,
        typedName: member.name,
        offSessionConsent: true,
        ipAddress: null,
      })

    await expect(press('first-tab', true)).rejects.toThrow(paymentUnderWayMessage)
    const [inDoubt] = await db.select().from(payments).where(eq(payments.userId, member.id))
    expect(inDoubt).toMatchObject({ status: 'pending_request', attempt: 1 })

    const joined = await press('new-tab', false)
    expect(joined.outcome).toBe('paid')
    const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.id))
    expect(rows.map((row) => [row.id, row.isStaging, row.cancelledAt])).toEqual([
      [joined.subscription.id, false, null],
    ])
    const paid = await db.select().from(payments).where(eq(payments.userId, member.id))
    expect(paid.map((payment) => [payment.status, payment.attempt])).toEqual([['sent', 1]])
    const attempts = await db.select().from(paymentAttempts).where(eq(paymentAttempts.paymentId, paid[0]!.id))
    expect(attempts.map((attempt) => attempt.status)).toEqual(['succeeded'])
    const charges = await db.execute<{ status: string }>(
      sql`select status from sandbox_charges where idempotency_key = ${attempts[0]!.idempotencyKey}`,
    )
    expect(charges.rows).toEqual([{ status: 'succeeded' }])
    // And the first tab's key, pressed again, finds the same membership.
    expect((await press('first-tab', false)).subscription.id).toBe(joined.subscription.id)
  })
})

import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { paymentAttempts, payments, subscriptions } from '~/db/schema'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import type { Mailer } from '~/server/services/auth/mailer'
import { joinMembership, paymentUnderWayMessage } from '~/server/services/join/join-membership.server'
import { settleJoinsInDoubt } from '~/server/services/join/settle-joins-in-doubt.server'
import { addSandboxPaymentMethod, createTestMember, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation } from '../../factories/organisation-factory'
import { describeEachDatabase } from '../support/database'

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
    const { member, press: pressWith } = await memberAboutToJoin('in-doubt')
    // The provider takes the money and the answer is lost, as when the process dies there.
    const press = (clientKey: string, lossy: boolean) =>
      pressWith(clientKey, createSandboxProviders({ db, faults: { failAfterRecordBeforeReturn: lossy } }))

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

  /** A member with a card on file, and their Confirm as the join page sends it. */
  async function memberAboutToJoin(seed: string) {
    const { db } = database
    const org = await createTestOrganisation({ db, now })
    const gymId = org.gyms[0]!.id
    const { price } = await createTestPrice({ db, organisationId: org.organisation.id, gymIds: [gymId], now })
    const member = await createTestMember({ db, organisationId: org.organisation.id, gymId, now, seed })
    await addSandboxPaymentMethod({ db, now, organisation: org, userId: member.id, pays: { card: '4242' } })
    const subjects: string[] = []
    const recording: Mailer = {
      send: async (message) => {
        subjects.push(message.message.subject)
      },
      sendMany: async () => {},
    }
    const press = (clientKey: string, providers: ReturnType<typeof createSandboxProviders>) =>
      joinMembership({
        db,
        now,
        providers,
        mailer: recording,
        organisationId: org.organisation.id,
        userId: member.id,
        priceId: price.id,
        clientKey,
        typedName: member.name,
        offSessionConsent: true,
        ipAddress: null,
      })
    return { member, press, recording, subjects }
  }

  const inDoubtWindowLater = new Date(now.getTime() + 3 * 60_000)

  it('is finished by the daily run when the member gave up after the card was charged', async () => {
    const { db } = database
    const { member, press, recording, subjects } = await memberAboutToJoin('gave-up-charged')
    const lossy = createSandboxProviders({ db, faults: { failAfterRecordBeforeReturn: true } })
    await expect(press('only-tab', lossy)).rejects.toThrow(paymentUnderWayMessage)
    const providers = createSandboxProviders({ db })

    // Within the in-doubt window the press may still be answering: left alone.
    expect(await settleJoinsInDoubt({ db, providers, now, mailer: recording })).toEqual({
      joined: 0,
      declined: 0,
      notSent: 0,
    })
    expect(await settleJoinsInDoubt({ db, providers, now: inDoubtWindowLater, mailer: recording })).toEqual({
      joined: 1,
      declined: 0,
      notSent: 0,
    })

    const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.id))
    expect(rows.map((row) => [row.isStaging, row.cancelledAt])).toEqual([[false, null]])
    const paid = await db.select().from(payments).where(eq(payments.userId, member.id))
    expect(paid.map((payment) => [payment.status, payment.attempt])).toEqual([['sent', 1]])
    const attempts = await db.select().from(paymentAttempts).where(eq(paymentAttempts.paymentId, paid[0]!.id))
    expect(attempts.map((attempt) => attempt.status)).toEqual(['succeeded'])
    const charges = await db.execute<{ status: string }>(
      sql`select status from sandbox_charges where idempotency_key = ${attempts[0]!.idempotencyKey}`,
    )
    expect(charges.rows).toEqual([{ status: 'succeeded' }])
    // Told in writing: the welcome e-mail, once.
    expect(subjects.filter((subject) => /welcome/i.test(subject))).toHaveLength(1)
    // Settled once: a second run finds nothing, and a new Confirm finds the membership made.
    expect(await settleJoinsInDoubt({ db, providers, now: inDoubtWindowLater, mailer: recording })).toEqual({
      joined: 0,
      declined: 0,
      notSent: 0,
    })
    await expect(press('new-tab', providers)).rejects.toThrow('You already have a membership.')
  })

  it('closes a charge that never reached the provider without taking anything, and the next Confirm joins', async () => {
    const { db } = database
    const { member, press, recording } = await memberAboutToJoin('gave-up-not-sent')
    const real = createSandboxProviders({ db })
    // The process died after storing the key, before the provider heard of it.
    const dying = {
      ...real,
      card: Object.create(real.card, {
        charge: {
          value: async () => {
            throw new Error('the web process died here')
          },
        },
      }),
    }
    await expect(press('first-tab', dying)).rejects.toThrow(paymentUnderWayMessage)
    const [stored] = await db
      .select()
      .from(paymentAttempts)
      .innerJoin(payments, eq(payments.id, paymentAttempts.paymentId))
      .where(eq(payments.userId, member.id))
    expect(stored?.payment_attempts.status).toBe('started')

    expect(
      await settleJoinsInDoubt({ db, providers: real, now: inDoubtWindowLater, mailer: recording }),
    ).toEqual({ joined: 0, declined: 0, notSent: 1 })
    const charges = await db.execute(
      sql`select 1 from sandbox_charges where idempotency_key = ${stored!.payment_attempts.idempotencyKey}`,
    )
    expect(charges.rows).toEqual([])
    const [waiting] = await db.select().from(payments).where(eq(payments.userId, member.id))
    expect(waiting).toMatchObject({ status: 'upcoming', attempt: 1 })
    const [closed] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.paymentId, waiting!.id))
    expect(closed).toMatchObject({ status: 'failed' })

    // The member comes back and confirms: one membership, charged once.
    const joined = await press('second-visit', real)
    expect(joined.outcome).toBe('paid')
    const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.id))
    expect(rows.filter((row) => row.cancelledAt === null).map((row) => row.isStaging)).toEqual([false])
    const all = await db.execute<{ status: string }>(
      sql`select c.status from sandbox_charges c join payment_attempts a on a.idempotency_key = c.idempotency_key
          join payments p on p.id = a.payment_id where p.user_id = ${member.id}`,
    )
    expect(all.rows).toEqual([{ status: 'succeeded' }])
  })
})

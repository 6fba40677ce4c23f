import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import {
  doorAccessMembers,
  doorAccessOutbox,
  doorIntegrations,
  payments,
  places,
  subscriptions,
  users,
  visits,
} from '~/db/schema'
import { instantAt } from '~/server/billing/calendar'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import { runBilling } from '~/server/billing/engine/run-billing.server'
import { doorProviderFor } from '~/server/providers/doors/door-provider'
import { createDoorProviders } from '~/server/providers/doors/door-providers.server'
import { sandboxCardReference } from '~/server/providers/payments/card-sandbox.server'
import {
  createSandboxPaymentServices,
  createSandboxProviders,
} from '~/server/providers/payments/sandbox-providers.server'
import { findDoorPlaces, linkGymPlace } from '~/server/services/door-access/door-system.server'
import {
  findDoorCredential,
  findMemberDoorAccess,
  recordUnlockEvent,
} from '~/server/services/door-access/member-door-access.server'
import {
  findDoorIntegration,
  processDueDoorAccess,
} from '~/server/services/door-access/sync-door-access.server'
import { tapDoor } from '~/server/services/door-access/tap-door.server'
import { addPaymentMethod } from '~/server/services/payment-methods/add-payment-method.server'
import { switchPaymentMethod } from '~/server/services/payment-methods/switch-payment-method.server'
import { retryPaymentNow } from '~/server/services/payments/retry-payment.server'
import { cancelSubscription } from '~/server/services/subscriptions/cancel-subscription.server'
import { createMembership } from '~/server/services/subscriptions/create-membership.server'
import { pauseSubscription } from '~/server/services/subscriptions/pause-subscription.server'
import { resumeSubscription } from '~/server/services/subscriptions/resume-subscription.server'
import { createTestMember, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { describeEachDatabase } from '../support/database'
import { connectSandboxDoors } from '../support/doors'

/** A wall-clock time in Auckland on a day (10 am unless given). */
const at = (day: string, time = '10:00') => instantAt(day, time)

/**
 * ADR 029 against the billing engine's own states, with the clock moved: the doors open once a
 * membership has started and is paid, stay open through a grace period and a cancellation's paid-up
 * days, close for a pause and after a grace period runs out, and open again the moment the member pays.
 */
describeEachDatabase('door access follows the subscription', (database) => {
  let org: TestOrganisation
  let priceId: number
  const doors = { albany: 0, botany: 0 }

  beforeAll(async () => {
    const db = database.db
    const now = at('2026-03-01')
    org = await createTestOrganisation({ db, now, name: 'Door Rules Gym', gymNames: ['Albany', 'Botany'] })
    const { price } = await createTestPrice({
      db,
      organisationId: org.organisation.id,
      gymIds: [org.gyms[0]!.id],
      billingFrequency: 'weekly',
      amount: 2500,
      now,
    })
    priceId = price.id
    const providers = createDoorProviders({ db })
    const owner = await createTestMember({
      db,
      organisationId: org.organisation.id,
      gymId: org.gyms[0]!.id,
      now,
    })
    await connectSandboxDoors({ db, providers, organisationId: org.organisation.id, actorId: owner.id, now })
    const sandboxPlaces = await findDoorPlaces({ db, providers, organisationId: org.organisation.id })
    expect(sandboxPlaces.map((place) => place.name)).toEqual(['Albany', 'Botany'])
    for (const [index, gym] of org.gyms.entries()) {
      await linkGymPlace({
        db,
        providers,
        organisationId: org.organisation.id,
        gymId: gym.id,
        placeId: sandboxPlaces[index]!.id,
        actorId: owner.id,
        now,
      })
    }
    const rows = await db
      .select()
      .from(doorIntegrations)
      .where(eq(doorIntegrations.organisationId, org.organisation.id))
    doors.albany = rows.find((row) => row.gymId === org.gyms[0]!.id && row.tracksVisits)!.id
    doors.botany = rows.find((row) => row.gymId === org.gyms[1]!.id && row.tracksVisits)!.id
  })

  async function member(card: string, day: string) {
    const db = database.db
    const now = at(day, '08:00')
    const person = await createTestMember({
      db,
      organisationId: org.organisation.id,
      gymId: org.gyms[0]!.id,
      now,
    })
    const method = await addCard(person.id, card, now)
    await switchPaymentMethod({
      db,
      now,
      organisationId: org.organisation.id,
      userId: person.id,
      paymentMethodId: method.id,
    })
    const subscription = await createMembership({
      db,
      now,
      organisationId: org.organisation.id,
      userId: person.id,
      priceId,
      startDate: day,
    })
    return { person, subscription }
  }

  const addCard = (userId: number, card: string, now: Date) =>
    addPaymentMethod({
      db: database.db,
      now,
      organisationId: org.organisation.id,
      userId,
      method: {
        type: 'stripe_card',
        gymId: org.gyms[0]!.id,
        brand: 'visa',
        lastFour: card.slice(-4),
        expMonth: 12,
        expYear: 2030,
        providerReference: sandboxCardReference(card.slice(-4)),
      },
    })

  /** The billing engine's day (06:00), then the access sync at `time`. */
  async function billingDay(day: string) {
    const now = at(day, '06:00')
    await advanceSubscriptions({ db: database.db, now })
    await runBilling({ db: database.db, providers: createSandboxProviders({ db: database.db }), now })
  }

  const sync = (now: Date) =>
    processDueDoorAccess({ db: database.db, providers: createDoorProviders({ db: database.db }), now })

  async function tap(userId: number, doorId: number, now: Date) {
    const db = database.db
    const tapped = await tapDoor({
      db,
      providers: createDoorProviders({ db }),
      payments: createSandboxPaymentServices({ db: database.db }),
      organisationId: org.organisation.id,
      doorId,
      tapped: { userId },
      now,
    })
    return { opened: tapped.event?.success ?? false, reason: tapped.refusedReason, visit: tapped.visit }
  }

  it('opens once the first payment is taken, only at the membership’s gyms, and lists the visit', async () => {
    const { person } = await member('4242424242424242', '2026-03-02')
    await sync(at('2026-03-02', '08:01'))
    // Started, not paid yet: no door login is made for someone who may open nothing.
    expect(
      await findMemberDoorAccess({
        db: database.db,
        organisationId: org.organisation.id,
        userId: person.id,
        now: at('2026-03-02', '08:01'),
      }),
    ).toMatchObject({ connected: true, refused_reason: 'First payment not received' })
    expect(await tap(person.id, doors.albany, at('2026-03-02', '08:02'))).toMatchObject({ opened: false })

    await billingDay('2026-03-02')
    const [queued] = await database.db
      .select()
      .from(doorAccessOutbox)
      .where(eq(doorAccessOutbox.userId, person.id))
    expect(queued?.dueAt.getTime()).toBe(0)
    await sync(at('2026-03-02', '06:01'))
    const opened = await tap(person.id, doors.albany, at('2026-03-02', '06:30'))
    expect(opened).toMatchObject({ opened: true, reason: null })
    expect(opened.visit).toMatchObject({ userId: person.id, gymId: org.gyms[0]!.id, successful: true })

    const elsewhere = await tap(person.id, doors.botany, at('2026-03-02', '07:00'))
    expect(elsewhere).toMatchObject({ opened: false, reason: 'No access at this gym' })
    expect(elsewhere.visit).toMatchObject({ successful: false, refusedReason: 'No access at this gym' })
  })

  it('closes for a pause from the day it starts and opens the day after it ends, with no sweep in between', async () => {
    const { person, subscription } = await member('4242424242424242', '2026-03-09')
    await billingDay('2026-03-09')
    await sync(at('2026-03-09', '06:01'))
    expect((await tap(person.id, doors.albany, at('2026-03-09', '07:00'))).opened).toBe(true)

    await pauseSubscription({
      db: database.db,
      now: at('2026-03-10'),
      organisationId: org.organisation.id,
      subscriptionId: subscription.id,
      startDate: '2026-03-12',
      endDate: '2026-03-15',
    })
    await sync(at('2026-03-10', '10:01'))
    expect((await tap(person.id, doors.albany, at('2026-03-11', '21:00'))).opened).toBe(true)
    // The row waits for the pause's first day; nothing else runs until then.
    const [waiting] = await database.db
      .select()
      .from(doorAccessOutbox)
      .where(eq(doorAccessOutbox.userId, person.id))
    expect(waiting?.dueAt.toISOString()).toBe(at('2026-03-12', '00:00').toISOString())
    expect(await sync(at('2026-03-11', '23:59'))).toEqual({ synced: 0, failed: 0 })
    await sync(at('2026-03-12', '00:00'))
    expect(await tap(person.id, doors.albany, at('2026-03-12', '05:30'))).toMatchObject({
      opened: false,
      reason: 'Membership paused until 15 Mar 2026',
    })
    await sync(at('2026-03-16', '00:00'))
    expect((await tap(person.id, doors.albany, at('2026-03-16', '05:30'))).opened).toBe(true)

    // Paused again, and back early: ending the pause opens the door on the next sync, not at its end.
    const [current] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id))
    const again = await pauseSubscription({
      db: database.db,
      now: at('2026-03-17'),
      organisationId: org.organisation.id,
      subscriptionId: subscription.id,
      startDate: '2026-03-17',
      endDate: '2026-03-31',
    })
    expect(current?.version).toBeLessThan(again.version)
    await sync(at('2026-03-17', '10:01'))
    expect((await tap(person.id, doors.albany, at('2026-03-18', '06:00'))).opened).toBe(false)
    const resumed = await resumeSubscription({
      db: database.db,
      now: at('2026-03-19', '07:00'),
      subscription: again,
    })
    expect(resumed.withdrawn).toBe(false)
    expect(resumed.subscription.pauseEndAt).toBe('2026-03-18')
    await sync(at('2026-03-19', '07:00'))
    expect((await tap(person.id, doors.albany, at('2026-03-19', '07:01'))).opened).toBe(true)
  })

  it('keeps the doors open to the last paid day of a cancelled membership, never before', async () => {
    const { person, subscription } = await member('4242424242424242', '2026-03-16')
    await billingDay('2026-03-16')
    await sync(at('2026-03-16', '06:01'))
    await cancelSubscription({
      db: database.db,
      now: at('2026-03-18'),
      organisationId: org.organisation.id,
      subscriptionId: subscription.id,
      reasons: ['moving'],
    })
    await sync(at('2026-03-18', '10:01'))
    expect((await tap(person.id, doors.albany, at('2026-03-22', '20:00'))).opened).toBe(true)
    await sync(at('2026-03-23', '00:00'))
    expect(await tap(person.id, doors.albany, at('2026-03-23', '05:30'))).toMatchObject({
      opened: false,
      reason: 'Membership cancelled',
    })
  })

  it('stays open through a grace period, closes when it runs out, and a first payment made later opens at once', async () => {
    const db = database.db
    // A renewal declines: the grace period keeps the doors open until its last day.
    const { person } = await member('4242424242424242', '2026-04-06')
    await billingDay('2026-04-06')
    const declining = await addCard(person.id, '4000000000000002', at('2026-04-07'))
    await switchPaymentMethod({
      db,
      now: at('2026-04-07'),
      organisationId: org.organisation.id,
      userId: person.id,
      paymentMethodId: declining.id,
    })
    for (const day of ['2026-04-13', '2026-04-16', '2026-04-20']) await billingDay(day)
    await sync(at('2026-04-20', '06:01'))
    const access = await findMemberDoorAccess({
      db,
      organisationId: org.organisation.id,
      userId: person.id,
      now: at('2026-04-20', '06:01'),
    })
    expect(access.refused_reason).toBeNull()
    expect((await tap(person.id, doors.albany, at('2026-04-20', '07:00'))).opened).toBe(true)
    const [waiting] = await db.select().from(doorAccessOutbox).where(eq(doorAccessOutbox.userId, person.id))
    expect(waiting?.dueAt.toISOString()).toBe(at('2026-04-28', '00:00').toISOString())

    // Midnight after the grace period's last day, before the engine's 6 am run cancels anything.
    await sync(at('2026-04-28', '00:00'))
    expect(await tap(person.id, doors.albany, at('2026-04-28', '05:30'))).toMatchObject({
      opened: false,
      reason: 'Payment overdue: the grace period has ended',
    })

    // Someone whose first payment declines never opens; paying it opens the door on the next sync.
    const late = await member('4000000000000002', '2026-04-13')
    await billingDay('2026-04-13')
    await sync(at('2026-04-13', '06:01'))
    expect(await tap(late.person.id, doors.albany, at('2026-04-13', '07:00'))).toMatchObject({
      opened: false,
      reason: 'First payment not received',
    })
    const good = await addCard(late.person.id, '4242424242424242', at('2026-04-13', '09:00'))
    await switchPaymentMethod({
      db,
      now: at('2026-04-13', '09:00'),
      organisationId: org.organisation.id,
      userId: late.person.id,
      paymentMethodId: good.id,
    })
    // Staff press "Retry now" on the failed payment (the member's payment link does the same).
    const [failed] = await db.select().from(payments).where(eq(payments.userId, late.person.id))
    const retried = await retryPaymentNow({
      db,
      now: at('2026-04-13', '09:01'),
      providers: createSandboxProviders({ db }),
      paymentId: failed!.id,
      actorId: late.person.id,
    })
    expect(retried.status).toBe('sent')
    await sync(at('2026-04-13', '09:01'))
    expect((await tap(late.person.id, doors.albany, at('2026-04-13', '09:02'))).opened).toBe(true)
  })

  it('gives staff with door access their gyms’ doors, and takes them away when turned off or removed', async () => {
    const db = database.db
    const now = at('2026-05-04')
    const trainer = await createTestMember({
      db,
      organisationId: org.organisation.id,
      gymId: org.gyms[1]!.id,
      now,
    })
    await db.update(users).set({ isStaff: true, accessEnabled: true }).where(eq(users.id, trainer.id))
    const { staffGymRoles } = await import('~/db/schema')
    await db.insert(staffGymRoles).values({
      organisationId: org.organisation.id,
      userId: trainer.id,
      gymId: org.gyms[1]!.id,
      role: 'personal_trainer',
    })
    await sync(now)
    expect((await tap(trainer.id, doors.botany, now)).opened).toBe(true)
    expect((await tap(trainer.id, doors.albany, now)).opened).toBe(false)
    await db.update(users).set({ accessEnabled: false }).where(eq(users.id, trainer.id))
    await sync(now)
    expect(await tap(trainer.id, doors.botany, now)).toMatchObject({
      opened: false,
      reason: 'Door access is turned off for this staff member',
    })
  })

  it('moves a member’s door login to their new e-mail address, and the old login opens nothing', async () => {
    const db = database.db
    const { person } = await member('4242424242424242', '2026-05-18')
    await billingDay('2026-05-18')
    await sync(at('2026-05-18', '06:01'))
    const login = async () =>
      (await db.select().from(doorAccessMembers).where(eq(doorAccessMembers.userId, person.id)))[0]
    const before = await login()
    expect(before).toMatchObject({ email: person.email.toLowerCase() })
    const credentialOf = async () =>
      (
        await findDoorCredential({
          db,
          providers: createDoorProviders({ db }),
          organisationId: org.organisation.id,
          userId: person.id,
        })
      )?.credential ?? ''
    const oldCredential = await credentialOf()
    expect(oldCredential).not.toBe('')
    expect((await tap(person.id, doors.albany, at('2026-05-18', '07:00'))).opened).toBe(true)

    const address = `moved.${person.id}@example.nz`
    await db.update(users).set({ email: address }).where(eq(users.id, person.id))
    await sync(at('2026-05-18', '07:01'))

    const after = await login()
    expect(after).toMatchObject({ email: address })
    expect(after?.providerUserId).not.toBe(before?.providerUserId)
    const provider = doorProviderFor(createDoorProviders({ db }), 'sandbox')
    const account = (await findDoorIntegration(db, org.organisation.id))!.credentials
    expect(await provider.listUserGroups(account, before!.providerUserId)).toEqual([])
    expect(await provider.listUserGroups(account, after!.providerUserId)).toEqual(after?.groupIds)
    // The new login opens with a code of its own; the old one's code opens nothing any more.
    expect(await credentialOf()).not.toBe(oldCredential)
    expect((await tap(person.id, doors.albany, at('2026-05-18', '07:30'))).opened).toBe(true)
    const old = await tapDoor({
      db,
      providers: createDoorProviders({ db }),
      payments: createSandboxPaymentServices({ db: database.db }),
      organisationId: org.organisation.id,
      doorId: doors.albany,
      tapped: { credential: oldCredential },
      now: at('2026-05-18', '07:31'),
    })
    expect(old.event?.success).toBe(false)

    // Synced again with nothing changed, nothing moves.
    await db
      .update(users)
      .set({ name: `${person.name} Jr` })
      .where(eq(users.id, person.id))
    await sync(at('2026-05-18', '07:40'))
    expect((await login())?.providerUserId).toBe(after?.providerUserId)

    // A login kept before its address was (null) asks the provider once and keeps its user.
    await db.update(doorAccessMembers).set({ email: null }).where(eq(doorAccessMembers.userId, person.id))
    await db.update(users).set({ name: person.name }).where(eq(users.id, person.id))
    await sync(at('2026-05-18', '07:50'))
    expect(await login()).toMatchObject({ providerUserId: after?.providerUserId, email: address })
  })

  it('counts a redelivered unlock event once, and none at a door that does not count visits', async () => {
    const db = database.db
    const { person } = await member('4242424242424242', '2026-05-11')
    await billingDay('2026-05-11')
    await sync(at('2026-05-11', '06:01'))
    const tapped = await tap(person.id, doors.albany, at('2026-05-11', '07:00'))
    const { findDoorIntegration } = await import('~/server/services/door-access/sync-door-access.server')
    const integration = (await findDoorIntegration(db, org.organisation.id))!
    const [door] = await db.select().from(doorIntegrations).where(eq(doorIntegrations.id, doors.albany))
    const event = {
      uuid: 'redelivered-event',
      actorId: null,
      lockId: door!.doorId,
      placeId: '0',
      success: true,
      errorCode: null,
      errorMessage: null,
      createdAt: at('2026-05-11', '07:00'),
    }
    const { doorAccessMembers } = await import('~/db/schema')
    const [login] = await db.select().from(doorAccessMembers).where(eq(doorAccessMembers.userId, person.id))
    for (let index = 0; index < 2; index += 1) {
      await recordUnlockEvent({
        db,
        integration,
        event: { ...event, actorId: login!.providerUserId },
        now: event.createdAt,
      })
    }
    const rows = await db.select().from(visits).where(eq(visits.userId, person.id))
    expect(rows.map((row) => row.externalId).sort()).toEqual(
      [`sandbox:${tapped.visit!.externalId!.slice('sandbox:'.length)}`, 'sandbox:redelivered-event'].sort(),
    )
    const [side] = await db
      .select()
      .from(doorIntegrations)
      .where(
        eq(
          doorIntegrations.placeId,
          (await db.select().from(places).where(eq(places.gymId, org.gyms[0]!.id)))[0]!.id,
        ),
      )
      .then((all) => all.filter((row) => !row.tracksVisits))
    const untracked = await tap(person.id, side!.id, at('2026-05-11', '08:00'))
    expect(untracked).toMatchObject({ opened: true, visit: null })
  })
})

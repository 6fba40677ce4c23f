import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import {
  accessControlIntegrations,
  doorAccessMembers,
  doorAccessOutbox,
  gyms,
  offeringGyms,
  offerings,
  payments,
  places,
  prices,
  staffGymRoles,
  subscriptionPauses,
  subscriptions,
  users,
} from '~/db/schema'
import { calendarDateAt, instantAt } from '~/server/billing/calendar'
import { safeErrorMessage } from '~/server/loggable-error.server'
import { logger } from '~/server/logger.server'
import {
  type DoorProvider,
  DoorProviderError,
  type DoorProviders,
  doorProviderFor,
} from '~/server/providers/doors/door-provider'
import { type AccessDecision, type AccessMembership, decideDoorAccess } from './access-rules'

/** How long a claimed outbox row is left to one worker before another may take it (a crashed run). */
const LEASE_MS = 5 * 60_000

export type DoorIntegration = typeof accessControlIntegrations.$inferSelect

/** The organisation's door system, or undefined when none is connected. */
export async function findDoorIntegration(
  db: Db,
  organisationId: number,
): Promise<DoorIntegration | undefined> {
  const [integration] = await db
    .select()
    .from(accessControlIntegrations)
    .where(ownedBy(accessControlIntegrations, organisationId))
    .orderBy(asc(accessControlIntegrations.id))
    .limit(1)
  return integration
}

/** The person's login at the door system (`door_access_members`), as rows: none or one. */
export function findDoorLoginRows(db: Db, integrationId: number, userId: number) {
  return db
    .select()
    .from(doorAccessMembers)
    .where(
      and(
        eq(doorAccessMembers.accessControlIntegrationId, integrationId),
        eq(doorAccessMembers.userId, userId),
      ),
    )
}

/** What ADR 029's rules say about one person today: the facts read in a handful of queries, then decided. */
export async function decidePersonDoorAccess(options: { db: Db; userId: number; now: Date }) {
  const { db, userId, now } = options
  const [person] = await db
    .select({
      id: users.id,
      organisationId: users.organisationId,
      name: users.name,
      email: users.email,
      deletedAt: users.deletedAt,
      isStaff: users.isStaff,
      accessEnabled: users.accessEnabled,
      organisationRole: users.organisationRole,
    })
    .from(users)
    .where(eq(users.id, userId))
  if (!person) return null
  const allGyms = await db.select({ id: gyms.id }).from(gyms).where(ownedBy(gyms, person.organisationId))
  const staffGyms = person.isStaff
    ? await db
        .select({ gymId: staffGymRoles.gymId })
        .from(staffGymRoles)
        .where(eq(staffGymRoles.userId, userId))
    : []
  const rows = await db
    .select({
      subscription: subscriptions,
      offeringId: prices.offeringId,
      allGymsAccess: offerings.allGymsAccess,
      // Paid (or with the bank, or let off), or nothing to pay: anything but a first payment still owed.
      everPaid: sql<boolean>`(exists (select 1 from ${payments} p where p.subscription_id = ${subscriptions.id}
          and p.status in ('sent', 'pending_request', 'waived'))
        or not exists (select 1 from ${payments} p where p.subscription_id = ${subscriptions.id}
          and p.status not in ('cancelled', 'refunded') and p.amount + p.surcharge > 0))`,
    })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.isStaging, false)))
    .orderBy(desc(subscriptions.id))
    .limit(20)
  const ids = rows.map((row) => row.subscription.id)
  const offeringIds = [...new Set(rows.map((row) => row.offeringId))]
  const pauses = ids.length
    ? await db
        .select()
        .from(subscriptionPauses)
        .where(and(inArray(subscriptionPauses.subscriptionId, ids), isNull(subscriptionPauses.cancelledAt)))
    : []
  const offeringGymRows = offeringIds.length
    ? await db.select().from(offeringGyms).where(inArray(offeringGyms.offeringId, offeringIds))
    : []
  const memberships: AccessMembership[] = rows.map(
    ({ subscription, offeringId, allGymsAccess, everPaid }) => {
      const listed: { startDate: string; endDate: string | null }[] = pauses
        .filter((pause) => pause.subscriptionId === subscription.id)
        .map((pause) => ({ startDate: pause.startDate, endDate: pause.endDate }))
      if (subscription.pauseStartAt)
        listed.push({ startDate: subscription.pauseStartAt, endDate: subscription.pauseEndAt })
      return {
        id: subscription.id,
        gymId: subscription.gymId,
        startDate: subscription.startDate,
        isStaging: subscription.isStaging,
        cancelledAt: subscription.cancelledAt,
        undoCancellationUntil: subscription.undoCancellationUntil,
        cancellationReasons: subscription.cancellationReasons,
        gracePeriodEndsAt: subscription.gracePeriodEndsAt,
        balanceOwing: subscription.balanceOwing,
        everPaid: Boolean(everPaid),
        offeringGymIds: allGymsAccess
          ? 'all'
          : offeringGymRows.filter((row) => row.offeringId === offeringId).map((row) => row.gymId),
        pauses: listed.sort((a, b) => a.startDate.localeCompare(b.startDate)),
      }
    },
  )
  const decision = decideDoorAccess({
    person: {
      deletedAt: person.deletedAt,
      isStaff: person.isStaff,
      accessEnabled: person.accessEnabled,
      isOrganisationAdmin: person.organisationRole === 'admin',
      staffGymIds: staffGyms.map((row) => row.gymId),
    },
    memberships,
    allGymIds: allGyms.map((gym) => gym.id),
    today: calendarDateAt(now),
  })
  return { person, decision }
}

/**
 * Brings one person's access at the door provider in line with the rules (ADR 029): their provider
 * user found or made (only once they may open a door), the groups of the gyms they may enter granted,
 * the groups of our other places revoked. Idempotent: run twice, the second run changes nothing.
 * Throws when the provider fails; the outbox row then waits for a retry.
 */
export async function syncPersonDoorAccess(options: {
  db: Db
  providers: DoorProviders
  userId: number
  now: Date
}): Promise<AccessDecision | null> {
  const { db, providers, userId, now } = options
  const decided = await decidePersonDoorAccess({ db, userId, now })
  if (!decided) return null
  const { person, decision } = decided
  const integration = await findDoorIntegration(db, person.organisationId)
  if (!integration) return decision
  const provider = doorProviderFor(providers, integration.integrationType)
  const linked = await db
    .select({ gymId: places.gymId, groupId: places.groupId })
    .from(places)
    .where(and(eq(places.accessControlIntegrationId, integration.id), isNotNull(places.groupId)))
  const managed = new Set(linked.map((place) => place.groupId as string))
  const wanted = new Set(
    linked.filter((place) => decision.gymIds.includes(place.gymId)).map((place) => place.groupId as string),
  )
  const [known] = await findDoorLoginRows(db, integration.id, userId)
  if (!known && wanted.size === 0) return decision
  try {
    await applyPersonDoorAccess({
      db,
      provider,
      integration,
      userId,
      person,
      known,
      managed,
      wanted,
      decision,
      now,
    })
  } catch (error) {
    // The provider refusing our key is the integration's error (every person fails alike until someone
    // connects a new key): kept on it for the admin to read, as well as on the person's outbox row.
    if (error instanceof DoorProviderError && error.reason === 'unauthorised') {
      await db
        .update(accessControlIntegrations)
        .set({ lastError: error.message, lastErrorAt: now })
        .where(eq(accessControlIntegrations.id, integration.id))
    }
    throw error
  }
  if (integration.lastError !== null) {
    await db
      .update(accessControlIntegrations)
      .set({ lastError: null, lastErrorAt: null })
      .where(eq(accessControlIntegrations.id, integration.id))
  }
  return decision
}

async function applyPersonDoorAccess(options: {
  db: Db
  provider: DoorProvider
  integration: DoorIntegration
  userId: number
  person: { organisationId: number; name: string; email: string }
  known: typeof doorAccessMembers.$inferSelect | undefined
  managed: ReadonlySet<string>
  wanted: ReadonlySet<string>
  decision: AccessDecision
  now: Date
}) {
  const { db, provider, integration, userId, person, known, managed, wanted, decision, now } = options
  const account = integration.credentials

  // The provider's user is the one of the person's e-mail address. After the address changed, access
  // moves to a user of the new one (found or made), and the old user keeps none of our places. A row
  // from before the address was kept (null) asks the provider once: the same user comes back unless
  // the address changed meanwhile.
  const email = person.email.trim().toLowerCase()
  const moved = known !== undefined && known.email !== email
  const providerUserId =
    known && !moved
      ? known.providerUserId
      : await provider.findOrCreateUser(account, { email, name: person.name, now })
  if (known && moved && known.providerUserId !== providerUserId) {
    for (const groupId of await provider.listUserGroups(account, known.providerUserId)) {
      if (managed.has(groupId))
        await provider.revokeAccess(account, { userId: known.providerUserId, groupId })
    }
  }
  const held = new Set(await provider.listUserGroups(account, providerUserId))
  for (const groupId of wanted) {
    if (!held.has(groupId)) await provider.grantAccess(account, { userId: providerUserId, groupId, now })
  }
  for (const groupId of held) {
    if (managed.has(groupId) && !wanted.has(groupId)) {
      await provider.revokeAccess(account, { userId: providerUserId, groupId })
    }
  }
  const values = {
    providerUserId,
    email,
    groupIds: [...wanted].sort(),
    refusedReason: decision.refusedReason,
    syncedAt: now,
    updatedAt: now,
  }
  await db
    .insert(doorAccessMembers)
    .values({
      organisationId: person.organisationId,
      accessControlIntegrationId: integration.id,
      userId,
      ...values,
    })
    .onConflictDoUpdate({
      target: [doorAccessMembers.accessControlIntegrationId, doorAccessMembers.userId],
      set: values,
    })
}

/**
 * Works through the outbox rows due at `now` (ADR 029), a batch at a time. Each row is leased first (its
 * `due_at` moved a few minutes on, in a short transaction of its own) so two workers never take the
 * same person and no lock is held while the provider is called. After a sync the row is removed, or
 * kept for the day the decision next changes by itself; after a failure it comes back later, with a
 * longer wait each time. A change written meanwhile (due again) is never lost: the lease is only
 * settled while the row still holds it.
 */
export async function processDueDoorAccess(options: {
  db: Db
  providers: DoorProviders
  now: Date
  batchSize?: number
  /**
   * Asked after each batch (the demo seed yields the event loop a turn here, and stops when its server
   * shuts down); answering false ends the run, leaving the rest due for the next.
   */
  betweenBatches?: () => Promise<boolean>
}): Promise<{ synced: number; failed: number }> {
  const { db, providers, now, batchSize = 100, betweenBatches } = options
  const stats = { synced: 0, failed: 0 }
  for (;;) {
    const lease = new Date(now.getTime() + LEASE_MS)
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select({ userId: doorAccessOutbox.userId })
        .from(doorAccessOutbox)
        .where(lte(doorAccessOutbox.dueAt, now))
        .orderBy(asc(doorAccessOutbox.dueAt))
        .limit(batchSize)
        .for('update', { skipLocked: true })
      if (due.length === 0) return []
      return tx
        .update(doorAccessOutbox)
        .set({ dueAt: lease, attempts: sql`${doorAccessOutbox.attempts} + 1` })
        .where(
          inArray(
            doorAccessOutbox.userId,
            due.map((row) => row.userId),
          ),
        )
        .returning({ userId: doorAccessOutbox.userId, attempts: doorAccessOutbox.attempts })
    })
    for (const { userId, attempts } of claimed) {
      const held = and(eq(doorAccessOutbox.userId, userId), eq(doorAccessOutbox.dueAt, lease))
      try {
        const decision = await syncPersonDoorAccess({ db, providers, userId, now })
        if (decision?.nextChangeOn) {
          await db
            .update(doorAccessOutbox)
            .set({ dueAt: instantAt(decision.nextChangeOn), attempts: 0, lastError: null })
            .where(held)
        } else {
          await db.delete(doorAccessOutbox).where(held)
        }
        stats.synced += 1
      } catch (error) {
        const message = safeErrorMessage(error)
        const waitMinutes = Math.min(2 ** Math.min(attempts, 6), 60)
        await db
          .update(doorAccessOutbox)
          .set({ dueAt: new Date(now.getTime() + waitMinutes * 60_000), lastError: message.slice(0, 500) })
          .where(held)
        logger.warn({ userId, attempts, err: { message } }, 'door access sync failed; retrying later')
        stats.failed += 1
      }
    }
    if (claimed.length < batchSize) return stats
    if (betweenBatches && !(await betweenBatches())) return stats
  }
}

/** Queues people for the sync now (a gym linked to a place, a door system connected). */
export async function queueDoorAccess(db: Db, organisationId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return
  await db
    .insert(doorAccessOutbox)
    .values(userIds.map((userId) => ({ userId, organisationId, dueAt: new Date(0) })))
    .onConflictDoUpdate({ target: doorAccessOutbox.userId, set: { dueAt: sql`excluded.due_at` } })
}

import { and, asc, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import {
  doorAccessMembers,
  doorAccessOutbox,
  doorIntegrations,
  gyms,
  places,
  users,
  visits,
} from '~/db/schema'
import { AppError } from '~/lib/errors'
import { type DoorProviders, doorProviderFor, type UnlockEvent } from '~/server/providers/doors/door-provider'
import { recordAudit } from '~/server/services/audit/record-audit.server'
import {
  type DoorIntegration,
  decidePersonDoorAccess,
  findDoorIntegration,
  findDoorLoginRows,
  queueDoorAccess,
} from './sync-door-access.server'

/**
 * What a person may open now and why not (the member's Access tab): the rules' answer per gym with a
 * place, whether the door system already holds it (`in_effect`), and when it next changes by itself.
 */
export async function findMemberDoorAccess(options: {
  db: Db
  organisationId: number
  userId: number
  now: Date
}) {
  const { db, organisationId, userId, now } = options
  const integration = await findDoorIntegration(db, organisationId)
  const decided = await decidePersonDoorAccess({ db, userId, now })
  if (!decided) throw new AppError('NOT_FOUND', 'Member not found.')
  const { decision } = decided
  if (!integration) {
    return {
      connected: false,
      refused_reason: decision.refusedReason,
      next_change_on: decision.nextChangeOn,
      gyms: [],
      synced_at: null,
      waiting: false,
    }
  }
  const [linked, doors, [held], [queued]] = await readTogether(db, [
    () =>
      db
        .select({ gymId: places.gymId, gymName: gyms.name, groupId: places.groupId, placeId: places.id })
        .from(places)
        .innerJoin(gyms, eq(gyms.id, places.gymId))
        .where(and(ownedBy(places, organisationId), eq(places.accessControlIntegrationId, integration.id)))
        .orderBy(asc(gyms.name)),
    () =>
      db
        .select({ id: doorIntegrations.id, name: doorIntegrations.name, placeId: doorIntegrations.placeId })
        .from(doorIntegrations)
        .where(
          and(
            ownedBy(doorIntegrations, organisationId),
            eq(doorIntegrations.accessControlIntegrationId, integration.id),
          ),
        )
        .orderBy(asc(doorIntegrations.id)),
    () => findDoorLoginRows(db, integration.id, userId),
    () =>
      db
        .select({ dueAt: doorAccessOutbox.dueAt })
        .from(doorAccessOutbox)
        .where(eq(doorAccessOutbox.userId, userId)),
  ])
  const heldGroups = new Set(held?.groupIds ?? [])
  const gymList = linked.map((place) => {
    const mayOpen = decision.gymIds.includes(place.gymId)
    return {
      id: place.gymId,
      name: place.gymName,
      may_open: mayOpen,
      in_effect: place.groupId !== null && heldGroups.has(place.groupId) === mayOpen,
      doors: doors
        .filter((door) => door.placeId === place.placeId)
        .map((door) => ({ id: door.id, name: door.name })),
    }
  })
  return {
    connected: true,
    refused_reason: decision.refusedReason,
    next_change_on: decision.nextChangeOn,
    gyms: gymList,
    synced_at: held?.syncedAt?.toISOString() ?? null,
    waiting: Boolean(queued && queued.dueAt <= now),
  }
}

/** The person's credential at the door system (what they tap), or null when they have no login yet. */
export async function findDoorCredential(options: {
  db: Db
  providers: DoorProviders
  organisationId: number
  userId: number
}) {
  const found = await findDoorLogin(options)
  if (!found) return null
  const provider = doorProviderFor(options.providers, found.integration.integrationType)
  const credential = await provider.findCredential(found.integration.credentials, found.login.providerUserId)
  return credential === null ? null : { credential, provider_user_id: found.login.providerUserId }
}

/**
 * A new credential for the person (lost card, shared code): the old one stops opening at once. Someone
 * without a door login gets one (with no access until the rules give it). Audited.
 */
export async function recreateDoorCredential(options: {
  db: Db
  providers: DoorProviders
  organisationId: number
  userId: number
  actorId: number
  now: Date
}) {
  const { db, organisationId, userId, now } = options
  const integration = await findDoorIntegration(db, organisationId)
  if (!integration) throw new AppError('CONFLICT', 'Connect a door system first.')
  const provider = doorProviderFor(options.providers, integration.integrationType)
  let login = (await findDoorLogin(options))?.login
  if (!login) {
    const [person] = await db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(and(ownedBy(users, organisationId), eq(users.id, userId)))
    if (!person) throw new AppError('NOT_FOUND', 'Member not found.')
    const providerUserId = await provider.findOrCreateUser(integration.credentials, { ...person, now })
    await db
      .insert(doorAccessMembers)
      .values({ organisationId, accessControlIntegrationId: integration.id, userId, providerUserId })
      .onConflictDoNothing()
    login = (await findDoorLogin(options))?.login
    if (!login) throw new Error('Door login not recorded')
    // The sync decides what the new login opens.
    await queueDoorAccess(db, organisationId, [userId])
  }
  const credential = await provider.recreateCredential(integration.credentials, login.providerUserId)
  await recordAudit(db, {
    organisationId,
    actorUserId: options.actorId,
    action: 'door_login.recreated',
    subjectType: 'user',
    subjectId: userId,
  })
  return { credential, provider_user_id: login.providerUserId }
}

async function findDoorLogin(options: { db: Db; organisationId: number; userId: number }) {
  const integration = await findDoorIntegration(options.db, options.organisationId)
  if (!integration) return null
  const [login] = await findDoorLoginRows(options.db, integration.id, options.userId)
  return login ? { integration, login } : null
}

/**
 * An unlock event from the door system (the event webhook; the sandbox delivers its own in process):
 * at a door that counts visits, tapped by someone we know, it becomes a visit — successful, or refused
 * with the reason in the rules' words ("Membership paused"). Deduplicated on the event's id: a
 * redelivered event is the same visit.
 */
export async function recordUnlockEvent(options: {
  db: Db
  integration: DoorIntegration
  event: UnlockEvent
  now: Date
}) {
  const { db, integration, event } = options
  const [door] = await db
    .select()
    .from(doorIntegrations)
    .where(
      and(
        eq(doorIntegrations.accessControlIntegrationId, integration.id),
        eq(doorIntegrations.doorId, event.lockId),
      ),
    )
  const [person] = event.actorId
    ? await db
        .select({ userId: doorAccessMembers.userId })
        .from(doorAccessMembers)
        .where(
          and(
            eq(doorAccessMembers.accessControlIntegrationId, integration.id),
            eq(doorAccessMembers.providerUserId, event.actorId),
          ),
        )
    : []
  let refusedReason: string | null = null
  if (!event.success) {
    const decided = person
      ? await decidePersonDoorAccess({ db, userId: person.userId, now: event.createdAt })
      : null
    refusedReason =
      decided?.decision.refusedReason ??
      (decided && door && !decided.decision.gymIds.includes(door.gymId)
        ? 'No access at this gym'
        : (event.errorMessage ?? 'Refused by the door'))
  }
  if (!door || !person || !door.tracksVisits)
    return { door, userId: person?.userId ?? null, refusedReason, visit: null }
  const externalId = `${integration.integrationType}:${event.uuid}`
  await db
    .insert(visits)
    .values({
      organisationId: integration.organisationId,
      gymId: door.gymId,
      userId: person.userId,
      doorIntegrationId: door.id,
      visitedAt: event.createdAt,
      successful: event.success,
      refusedReason,
      externalId,
    })
    .onConflictDoNothing()
  const [visit] = await db.select().from(visits).where(eq(visits.externalId, externalId))
  return { door, userId: person.userId, refusedReason, visit: visit ?? null }
}

/**
 * How the member gets in, in their words (the welcome page): their code once the door system has given
 * them one, or why the doors don't open yet. Null when their gym has no doors connected: the reception
 * sentence stands.
 */
export async function describeMemberDoorAccess(options: {
  db: Db
  providers: DoorProviders
  organisationId: number
  userId: number
  gymName: string
  now: Date
}): Promise<string | null> {
  return (await findMemberDoorStanding(options))?.words ?? null
}

/**
 * `describeMemberDoorAccess` with the code apart, for the member's account (issue 28), which shows the
 * code large beside the words.
 */
export async function findMemberDoorStanding(options: {
  db: Db
  providers: DoorProviders
  organisationId: number
  userId: number
  gymName: string
  now: Date
}): Promise<{ words: string; code: string | null } | null> {
  let code: string | null = null
  const words = await describeDoorAccess(options, async () => {
    const credential = await findDoorCredential(options)
    if (!credential) return 'Your door code is being set up: it appears here in a moment.'
    code = credential.credential
    return `Your door code is ${credential.credential}: enter it at the door of ${options.gymName}. It opens while your membership is active.`
  })
  return words === null ? null : { words, code }
}

/**
 * How the member gets in, as the welcome e-mail says it (issue 25): what the welcome page says
 * (`describeMemberDoorAccess`) — why the doors don't open yet, or that their door code is on that page —
 * without the code itself, which the door system makes a moment after joining (and a code is not
 * something to leave in an inbox). Null when no door system is connected: the reception sentence stands
 * in both.
 */
export async function describeDoorAccessForMail(options: {
  db: Db
  organisationId: number
  userId: number
  gymName: string
  now: Date
}): Promise<string | null> {
  return describeDoorAccess(
    options,
    async () =>
      `Your door code is on your account: sign in to the join site to see it, then enter it at the door of ${options.gymName}. It opens while your membership is active.`,
  )
}

/**
 * Null when no door system is connected or the doors have nothing to say about the person; why the
 * doors don't open yet when they don't; otherwise what `opens` says.
 */
async function describeDoorAccess(
  options: { db: Db; organisationId: number; userId: number; now: Date },
  opens: () => Promise<string>,
): Promise<string | null> {
  const { db, organisationId, userId, now } = options
  const integration = await findDoorIntegration(db, organisationId)
  if (!integration) return null
  const decided = await decidePersonDoorAccess({ db, userId, now })
  if (!decided) return null
  if (decided.decision.refusedReason)
    return `The doors don’t open for you yet: ${decided.decision.refusedReason}.`
  return opens()
}

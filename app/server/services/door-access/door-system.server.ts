import { and, asc, eq, isNull, or, sql } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { AccessControlIntegrationType } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import {
  accessControlIntegrations,
  doorIntegrations,
  gyms,
  places,
  staffGymRoles,
  subscriptions,
  users,
} from '~/db/schema'
import { AppError } from '~/lib/errors'
import {
  DoorProviderError,
  type DoorProviders,
  DoorProviderUnavailableError,
  doorProviderFor,
} from '~/server/providers/doors/door-provider'
import { openPlace } from '~/server/providers/doors/sandbox-doors.server'
import { recordAudit } from '~/server/services/audit/record-audit.server'
import { findDoorIntegration, queueDoorAccess } from './sync-door-access.server'

export const kisiUnavailableMessage =
  'Kisi isn’t set up on this server yet (its keys, KISI_API_KEY and KISI_WEBHOOK_SECRET, are not set). Use the sandbox door system meanwhile.'
export const noDoorSystemMessage = 'Connect a door system first.'

/**
 * A change of one row with its audit line, in one transaction: `write` answers the rows it wrote, and
 * none written is refused with `refusal`; the line describes the row as written.
 */
function writeAudited<Row>(
  db: Db,
  change: {
    write: (tx: Db) => Promise<Row[]>
    refusal: () => AppError
    audit: (row: Row) => Parameters<typeof recordAudit>[1]
  },
): Promise<Row> {
  return db.transaction(async (tx) => {
    const [row] = await change.write(tx)
    if (!row) throw change.refusal()
    await recordAudit(tx, change.audit(row))
    return row
  })
}

/**
 * Connects the organisation's door system (one per organisation). The sandbox opens an organisation of
 * its own with a place per gym; connecting again answers the same integration.
 */
export async function connectDoorSystem(options: {
  db: Db
  providers: DoorProviders
  organisationId: number
  type: AccessControlIntegrationType
  credentials: Record<string, unknown>
  actorId: number
  now: Date
}) {
  const { db, organisationId, now } = options
  const existing = await findDoorIntegration(db, organisationId)
  if (existing && existing.integrationType !== options.type) {
    throw new AppError('CONFLICT', 'This organisation already has a door system connected.')
  }
  // Connecting again answers the same integration; with a key, it replaces the one kept (a revoked key).
  if (existing && Object.keys(options.credentials).length === 0) return existing
  let provider: ReturnType<typeof doorProviderFor>
  try {
    provider = doorProviderFor(options.providers, options.type)
  } catch (error) {
    if (error instanceof DoorProviderUnavailableError) {
      throw new AppError('VALIDATION', kisiUnavailableMessage, {
        fieldErrors: { integration_type: [kisiUnavailableMessage] },
      })
    }
    throw error
  }
  const gymRows = await db
    .select({ name: gyms.name })
    .from(gyms)
    .where(ownedBy(gyms, organisationId))
    .orderBy(asc(gyms.name))
  let credentials: Record<string, unknown>
  try {
    credentials = await provider.connect({
      credentials: { ...existing?.credentials, ...options.credentials },
      gymNames: gymRows.map((gym) => gym.name),
      now,
    })
  } catch (error) {
    // A refused or missing key is the admin's to fix in the form: said against the key's field.
    if (
      error instanceof DoorProviderError &&
      (error.reason === 'unauthorised' || error.reason === 'invalid')
    ) {
      throw new AppError('VALIDATION', error.message, { fieldErrors: { api_key: [error.message] } })
    }
    throw error
  }
  const audit = (action: string) => (integration: { id: number }) => ({
    organisationId,
    actorUserId: options.actorId,
    action,
    subjectType: 'access_control_integration',
    subjectId: integration.id,
    changes: { integration_type: options.type },
  })
  if (existing) {
    return writeAudited(db, {
      write: (tx) =>
        tx
          .update(accessControlIntegrations)
          .set({ credentials, lastError: null, lastErrorAt: null, updatedAt: now })
          .where(eq(accessControlIntegrations.id, existing.id))
          .returning(),
      refusal: () => new AppError('NOT_FOUND', noDoorSystemMessage),
      audit: audit('door_system.key_replaced'),
    })
  }
  return writeAudited(db, {
    write: (tx) =>
      tx
        .insert(accessControlIntegrations)
        .values({ organisationId, integrationType: options.type, credentials })
        .onConflictDoNothing()
        .returning(),
    refusal: () => new AppError('CONFLICT', 'This organisation already has a door system connected.'),
    audit: audit('door_system.connected'),
  })
}

/** The door system's places, each with the gym it is linked to (if any). */
export async function findDoorPlaces(options: { db: Db; providers: DoorProviders; organisationId: number }) {
  const integration = await requireIntegration(options.db, options.organisationId)
  const provider = doorProviderFor(options.providers, integration.integrationType)
  const [remote, linked] = await readTogether(options.db, [
    () => provider.listPlaces(integration.credentials),
    () =>
      options.db
        .select({ id: places.id, placeId: places.placeId, gymId: places.gymId, gymName: gyms.name })
        .from(places)
        .innerJoin(gyms, eq(gyms.id, places.gymId))
        .where(
          and(ownedBy(places, options.organisationId), eq(places.accessControlIntegrationId, integration.id)),
        ),
  ])
  return remote.map((place) => {
    const link = linked.find((row) => row.placeId === place.id)
    return { ...place, gym: link ? { id: link.gymId, name: link.gymName } : null }
  })
}

/** The doors of one of the door system's places, with whether each counts visits (when linked). */
export async function findPlaceDoors(options: {
  db: Db
  providers: DoorProviders
  organisationId: number
  placeId: string
}) {
  const integration = await requireIntegration(options.db, options.organisationId)
  const provider = doorProviderFor(options.providers, integration.integrationType)
  const all = await provider.listPlaces(integration.credentials)
  if (!all.some((place) => place.id === options.placeId)) throw new AppError('NOT_FOUND', 'Place not found.')
  const [locks, known] = await readTogether(options.db, [
    () => provider.listLocks(integration.credentials, options.placeId),
    () =>
      options.db
        .select()
        .from(doorIntegrations)
        .where(
          and(
            ownedBy(doorIntegrations, options.organisationId),
            eq(doorIntegrations.accessControlIntegrationId, integration.id),
          ),
        ),
  ])
  return locks.map((lock) => {
    const door = known.find((row) => row.doorId === lock.id)
    return {
      id: door?.id ?? null,
      door_id: lock.id,
      name: lock.name,
      tracks_visits: door?.tracksVisits ?? false,
    }
  })
}

/**
 * Links a gym to one of the door system's places: the place's doors become the gym's (counting visits
 * from the first one on), a group that opens them all is made at the provider for our members, and
 * everyone who may now enter is queued for the access sync (ADR 029). A gym has one place; a place
 * one gym.
 */
export async function linkGymPlace(options: {
  db: Db
  providers: DoorProviders
  organisationId: number
  gymId: number
  placeId: string
  actorId: number
  now: Date
}) {
  const { db, organisationId, gymId, now } = options
  const integration = await requireIntegration(db, organisationId)
  const provider = doorProviderFor(options.providers, integration.integrationType)
  const remote = (await provider.listPlaces(integration.credentials)).find(
    (place) => place.id === options.placeId,
  )
  if (!remote) {
    const message = 'Choose one of the door system’s places.'
    throw new AppError('VALIDATION', message, { fieldErrors: { place_id: [message] } })
  }
  const [taken] = await db
    .select({ gymId: places.gymId })
    .from(places)
    .where(
      and(
        ownedBy(places, organisationId),
        or(
          eq(places.gymId, gymId),
          and(eq(places.accessControlIntegrationId, integration.id), eq(places.placeId, remote.id)),
        ),
      ),
    )
  if (taken) {
    const message =
      taken.gymId === gymId
        ? 'This gym is already linked to a place.'
        : 'That place is linked to another gym.'
    throw new AppError('CONFLICT', message)
  }
  const locks = await provider.listLocks(integration.credentials, remote.id)
  const groupId = await provider.createPlaceGroup(integration.credentials, {
    placeId: remote.id,
    name: `Gymbase members – ${remote.name}`,
    now,
  })
  return db.transaction(async (tx) => {
    const [place] = await tx
      .insert(places)
      .values({
        organisationId,
        gymId,
        accessControlIntegrationId: integration.id,
        name: remote.name,
        placeId: remote.id,
        groupId,
      })
      .onConflictDoNothing()
      .returning()
    if (!place) throw new AppError('CONFLICT', 'This gym is already linked to a place.')
    if (locks.length > 0) {
      await tx
        .insert(doorIntegrations)
        .values(
          locks.map((lock, index) => ({
            organisationId,
            gymId,
            placeId: place.id,
            accessControlIntegrationId: integration.id,
            integrationType: integration.integrationType,
            name: lock.name,
            doorId: lock.id,
            tracksVisits: index === 0,
          })),
        )
        .onConflictDoUpdate({
          target: [doorIntegrations.accessControlIntegrationId, doorIntegrations.doorId],
          set: { gymId, placeId: place.id, name: sql`excluded.name`, updatedAt: now },
        })
    }
    const people = await tx
      .selectDistinct({ id: users.id })
      .from(users)
      .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
      .leftJoin(staffGymRoles, eq(staffGymRoles.userId, users.id))
      .where(
        and(
          ownedBy(users, organisationId),
          isNull(users.deletedAt),
          or(
            eq(subscriptions.gymId, gymId),
            eq(staffGymRoles.gymId, gymId),
            eq(users.organisationRole, 'admin'),
            sql`${subscriptions.priceId} in (select p.id from prices p join offerings o on o.id = p.offering_id
              where o.all_gyms_access or exists (select 1 from offering_gyms g where g.offering_id = o.id and g.gym_id = ${gymId}))`,
          ),
        ),
      )
    await queueDoorAccess(
      tx,
      organisationId,
      people.map((person) => person.id),
    )
    await recordAudit(tx, {
      organisationId,
      actorUserId: options.actorId,
      action: 'gym.place_linked',
      subjectType: 'gym',
      subjectId: gymId,
      changes: { place: remote.name, doors: locks.length },
    })
    return place
  })
}

/** Turns counting visits on or off for one of the gym's doors. */
export async function setDoorTracksVisits(options: {
  db: Db
  organisationId: number
  gymId: number
  doorId: number
  tracksVisits: boolean
  actorId: number
  now: Date
}) {
  const { organisationId } = options
  const message = 'Choose one of this gym’s doors.'
  return writeAudited(options.db, {
    write: (tx) =>
      tx
        .update(doorIntegrations)
        .set({ tracksVisits: options.tracksVisits, updatedAt: options.now })
        .where(
          and(
            ownedBy(doorIntegrations, organisationId),
            eq(doorIntegrations.gymId, options.gymId),
            eq(doorIntegrations.id, options.doorId),
          ),
        )
        .returning(),
    refusal: () => new AppError('VALIDATION', message, { fieldErrors: { door_id: [message] } }),
    audit: (door) => ({
      organisationId,
      actorUserId: options.actorId,
      action: options.tracksVisits ? 'door.tracks_visits_on' : 'door.tracks_visits_off',
      subjectType: 'door',
      subjectId: door.id,
      changes: { door: door.name, tracks_visits: options.tracksVisits },
    }),
  })
}

/** The console's "Link place": `linkGymPlace`, answered with the gym's doors as the doors screen shows them. */
export async function linkPlaceToGym(options: Parameters<typeof linkGymPlace>[0]) {
  await linkGymPlace(options)
  return findGymDoors(options)
}

/** The gym's place and doors, and what can be linked, for the gym page. */
export async function findGymDoors(options: {
  db: Db
  providers: DoorProviders
  organisationId: number
  gymId: number
}) {
  const { db, organisationId, gymId } = options
  const integration = await findDoorIntegration(db, organisationId)
  if (!integration) return { integration: null, place: null, doors: [], available_places: [] }
  const [place] = await db
    .select()
    .from(places)
    .where(and(ownedBy(places, organisationId), eq(places.gymId, gymId)))
  const doors = place
    ? await db
        .select()
        .from(doorIntegrations)
        .where(and(ownedBy(doorIntegrations, organisationId), eq(doorIntegrations.placeId, place.id)))
        .orderBy(asc(doorIntegrations.id))
    : []
  let available: { id: string; name: string }[] = []
  let error = integration.lastError
  if (!place) {
    try {
      const all = await findDoorPlaces({ db, providers: options.providers, organisationId })
      available = all.filter((candidate) => candidate.gym === null).map(({ id, name }) => ({ id, name }))
    } catch (failure) {
      // The door system refusing or down: the gym's page says why instead of failing to load.
      if (!(failure instanceof DoorProviderError)) throw failure
      error ??= failure.message
    }
  }
  return {
    integration: {
      id: integration.id,
      integration_type: integration.integrationType,
      error,
    },
    place: place ? { id: place.id, place_id: place.placeId, name: place.name } : null,
    doors: doors.map((door) => ({
      id: door.id,
      door_id: door.doorId,
      name: door.name,
      tracks_visits: door.tracksVisits,
    })),
    available_places: available,
  }
}

async function requireIntegration(db: Db, organisationId: number) {
  const integration = await findDoorIntegration(db, organisationId)
  if (!integration) throw new AppError('NOT_FOUND', noDoorSystemMessage)
  return integration
}

/**
 * Turns a staff member's door access on or off (their gyms' doors; every gym's for organisation
 * admins). The change queues them for the sync through the users trigger (ADR 029). Audited.
 */
export async function setStaffDoorAccess(options: {
  db: Db
  organisationId: number
  staffId: number
  enabled: boolean
  actorId: number
  now: Date
}) {
  const { organisationId } = options
  return writeAudited(options.db, {
    write: (tx) =>
      tx
        .update(users)
        .set({ accessEnabled: options.enabled, updatedAt: options.now })
        .where(
          and(
            ownedBy(users, organisationId),
            eq(users.id, options.staffId),
            eq(users.isStaff, true),
            isNull(users.deletedAt),
          ),
        )
        .returning({ id: users.id, accessEnabled: users.accessEnabled }),
    refusal: () => new AppError('NOT_FOUND', 'Staff member not found.'),
    audit: (staff) => ({
      organisationId,
      actorUserId: options.actorId,
      action: options.enabled ? 'staff.door_access_on' : 'staff.door_access_off',
      subjectType: 'user',
      subjectId: staff.id,
    }),
  })
}

/**
 * The sandbox door system's "Add place" (what an owner does in Kisi's dashboard for a new location): a
 * place with the usual doors, ready to link to a gym. Only for the sandbox; a real system's places are
 * made in its own dashboard.
 */
export async function openSandboxPlace(options: { db: Db; organisationId: number; name: string; now: Date }) {
  const integration = await requireIntegration(options.db, options.organisationId)
  if (integration.integrationType !== 'sandbox') {
    throw new AppError('CONFLICT', 'Places of a real door system are added in its own dashboard.')
  }
  const account = integration.credentials.account
  if (typeof account !== 'string') throw new Error('The sandbox integration has no account')
  const id = await openPlace(options.db, account, options.name, options.now)
  return { id, name: options.name, gym: null }
}

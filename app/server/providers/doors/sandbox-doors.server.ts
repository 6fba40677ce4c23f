import { randomBytes, randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import {
  sandboxDoorEvents,
  sandboxDoorGroupLocks,
  sandboxDoorGroups,
  sandboxDoorLocks,
  sandboxDoorPlaces,
  sandboxDoorRoleAssignments,
  sandboxDoorUsers,
} from '~/db/schema'
import type { DoorAccount, DoorProvider, UnlockEvent } from './door-provider'

/** The doors a sandbox place gets when it is opened: a gym's usual two. */
export const sandboxDoorNames = ['Front door', 'Changing rooms'] as const

/**
 * The sandbox door system (docs/sandbox-doors.md): Kisi's model in the database — places, locks,
 * groups, users with a credential, role assignments and unlock events — so the whole loop (pay, door
 * opens; stop paying, door refuses; visit listed) works without keys. A full implementation of
 * `DoorProvider`, not a mock: what it answers is what it stored.
 */
export function createSandboxDoorProvider(options: { db: Db }): DoorProvider {
  const { db } = options
  return {
    type: 'sandbox',

    async connect({ credentials, gymNames, now }) {
      const existing = accountOf(credentials, false)
      if (existing) return { account: existing }
      const account = `org_sandbox_${randomBytes(9).toString('base64url')}`
      for (const name of gymNames) await openPlace(db, account, name, now)
      return { account }
    },

    async listPlaces(account) {
      const rows = await db
        .select({ id: sandboxDoorPlaces.id, name: sandboxDoorPlaces.name })
        .from(sandboxDoorPlaces)
        .where(eq(sandboxDoorPlaces.account, accountOf(account)))
        .orderBy(asc(sandboxDoorPlaces.name), asc(sandboxDoorPlaces.id))
      return rows.map((row) => ({ id: String(row.id), name: row.name }))
    },

    async listLocks(account, placeId) {
      const place = await findPlace(db, account, placeId)
      if (!place) return []
      const rows = await db
        .select({ id: sandboxDoorLocks.id, name: sandboxDoorLocks.name })
        .from(sandboxDoorLocks)
        .where(eq(sandboxDoorLocks.placeId, place.id))
        .orderBy(asc(sandboxDoorLocks.id))
      return rows.map((row) => ({ id: String(row.id), name: row.name }))
    },

    async createPlaceGroup(account, { placeId, name, now }) {
      const place = await findPlace(db, account, placeId)
      if (!place) throw new Error(`Sandbox place ${placeId} not found`)
      return db.transaction(async (tx) => {
        const [group] = await tx
          .insert(sandboxDoorGroups)
          .values({ placeId: place.id, name, createdAt: now })
          .returning({ id: sandboxDoorGroups.id })
        if (!group) throw new Error('Sandbox group not created')
        const locks = await tx
          .select({ id: sandboxDoorLocks.id })
          .from(sandboxDoorLocks)
          .where(eq(sandboxDoorLocks.placeId, place.id))
        if (locks.length > 0) {
          await tx
            .insert(sandboxDoorGroupLocks)
            .values(locks.map((lock) => ({ groupId: group.id, lockId: lock.id })))
        }
        return String(group.id)
      })
    },

    async findOrCreateUser(account, { email, name, now }) {
      const owner = accountOf(account)
      const key = email.trim().toLowerCase()
      const found = await findUserByEmail(db, owner, key)
      if (found) return String(found.id)
      await db
        .insert(sandboxDoorUsers)
        .values({ account: owner, email: key, name, credential: newCredential(), createdAt: now })
        .onConflictDoNothing()
      const created = await findUserByEmail(db, owner, key)
      if (!created) throw new Error('Sandbox user not created')
      return String(created.id)
    },

    async listUserGroups(account, userId) {
      const user = await findUser(db, account, userId)
      if (!user) return []
      const rows = await db
        .select({ groupId: sandboxDoorRoleAssignments.groupId })
        .from(sandboxDoorRoleAssignments)
        .where(eq(sandboxDoorRoleAssignments.userId, user.id))
        .orderBy(asc(sandboxDoorRoleAssignments.groupId))
      return rows.map((row) => String(row.groupId))
    },

    async grantAccess(account, { userId, groupId, now }) {
      const user = await findUser(db, account, userId)
      const group = await findGroup(db, account, groupId)
      if (!user || !group) throw new Error('Sandbox user or group not found')
      await db
        .insert(sandboxDoorRoleAssignments)
        .values({ userId: user.id, groupId: group.id, createdAt: now })
        .onConflictDoNothing()
    },

    async revokeAccess(account, { userId, groupId }) {
      const user = await findUser(db, account, userId)
      const group = Number(groupId)
      if (!user || !Number.isSafeInteger(group)) return
      await db
        .delete(sandboxDoorRoleAssignments)
        .where(
          and(eq(sandboxDoorRoleAssignments.userId, user.id), eq(sandboxDoorRoleAssignments.groupId, group)),
        )
    },

    async findCredential(account, userId) {
      const user = await findUser(db, account, userId)
      return user?.credential ?? null
    },

    async recreateCredential(account, userId) {
      const user = await findUser(db, account, userId)
      if (!user) throw new Error('Sandbox user not found')
      const credential = newCredential()
      await db.update(sandboxDoorUsers).set({ credential }).where(eq(sandboxDoorUsers.id, user.id))
      return credential
    },
  }
}

/**
 * Someone taps a credential at a sandbox lock: the door opens when the credential's user holds a role
 * assignment in a group that lists the lock (Kisi's rule: any one group wins), and the attempt is
 * recorded as Kisi records an unlock event. The caller delivers the event to the app as the event
 * webhook would (`recordUnlockEvent`).
 */
export async function tapSandboxDoor(options: {
  db: Db
  account: DoorAccount
  lockId: string
  credential: string
  now: Date
}): Promise<UnlockEvent | null> {
  const { db, now } = options
  const owner = accountOf(options.account)
  const lockId = Number(options.lockId)
  if (!Number.isSafeInteger(lockId)) return null
  const [lock] = await db
    .select({ id: sandboxDoorLocks.id, placeId: sandboxDoorLocks.placeId })
    .from(sandboxDoorLocks)
    .innerJoin(sandboxDoorPlaces, eq(sandboxDoorPlaces.id, sandboxDoorLocks.placeId))
    .where(and(eq(sandboxDoorLocks.id, lockId), eq(sandboxDoorPlaces.account, owner)))
  if (!lock) return null
  const [user] = await db
    .select()
    .from(sandboxDoorUsers)
    .where(
      and(
        eq(sandboxDoorUsers.account, owner),
        eq(sandboxDoorUsers.credential, normaliseCredential(options.credential)),
      ),
    )
  let opens = false
  if (user) {
    const [assignment] = await db
      .select({ id: sandboxDoorRoleAssignments.id })
      .from(sandboxDoorRoleAssignments)
      .innerJoin(sandboxDoorGroupLocks, eq(sandboxDoorGroupLocks.groupId, sandboxDoorRoleAssignments.groupId))
      .where(and(eq(sandboxDoorRoleAssignments.userId, user.id), eq(sandboxDoorGroupLocks.lockId, lock.id)))
      .limit(1)
    opens = Boolean(assignment)
  }
  const error = opens
    ? null
    : user
      ? { code: 'access_denied', message: 'No access at this door' }
      : { code: 'unknown_credential', message: 'Card or code not recognised' }
  const uuid = randomUUID()
  await db.insert(sandboxDoorEvents).values({
    uuid,
    account: owner,
    actorId: user?.id ?? null,
    actorName: user?.name ?? null,
    lockId: lock.id,
    placeId: lock.placeId,
    success: opens,
    errorCode: error?.code ?? null,
    errorMessage: error?.message ?? null,
    createdAt: now,
  })
  return {
    uuid,
    actorId: user ? String(user.id) : null,
    lockId: String(lock.id),
    placeId: String(lock.placeId),
    success: opens,
    errorCode: error?.code ?? null,
    errorMessage: error?.message ?? null,
    createdAt: now,
  }
}

/**
 * The sandbox's unlock event as Kisi's event webhook sends it (PROVIDERS.md §3), so it goes through
 * the same pipeline: `organization_id` is the sandbox organisation, `object_id` the lock.
 */
export function kisiUnlockPayload(account: DoorAccount, event: UnlockEvent) {
  return {
    uuid: event.uuid,
    type: 'lock.unlock',
    actor_type: 'User',
    actor_id: event.actorId === null ? null : Number(event.actorId),
    object_type: 'Lock',
    object_id: Number(event.lockId),
    organization_id: accountOf(account),
    place_id: Number(event.placeId),
    success: event.success,
    error_code: event.errorCode,
    error_message: event.errorMessage,
    created_at: event.createdAt.toISOString(),
  }
}

/** A place of its own in the sandbox organisation, with the usual doors (the sandbox's "Add place"). */
export async function openPlace(db: Db, account: string, name: string, now: Date) {
  const [place] = await db
    .insert(sandboxDoorPlaces)
    .values({ account, name, createdAt: now })
    .returning({ id: sandboxDoorPlaces.id })
  if (!place) throw new Error('Sandbox place not created')
  await db
    .insert(sandboxDoorLocks)
    .values(sandboxDoorNames.map((door) => ({ placeId: place.id, name: door, createdAt: now })))
  return String(place.id)
}

/** Credentials are read without case or separators, as a person types what is printed on a card. */
export function normaliseCredential(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '')
}

// No 0/O, 1/I/L: a code read off a phone and typed at a kiosk.
const credentialAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

function newCredential(): string {
  const bytes = randomBytes(10)
  return Array.from(bytes, (byte) => credentialAlphabet[byte % credentialAlphabet.length]).join('')
}

function accountOf(account: DoorAccount, required?: true): string
function accountOf(account: DoorAccount, required: false): string | null
function accountOf(account: DoorAccount, required = true): string | null {
  const value = account.account
  if (typeof value === 'string' && value.startsWith('org_sandbox_')) return value
  if (required) throw new Error('Not a sandbox door account')
  return null
}

async function findPlace(db: Db, account: DoorAccount, placeId: string) {
  const id = Number(placeId)
  if (!Number.isSafeInteger(id)) return undefined
  const [place] = await db
    .select({ id: sandboxDoorPlaces.id })
    .from(sandboxDoorPlaces)
    .where(and(eq(sandboxDoorPlaces.id, id), eq(sandboxDoorPlaces.account, accountOf(account))))
  return place
}

async function findGroup(db: Db, account: DoorAccount, groupId: string) {
  const id = Number(groupId)
  if (!Number.isSafeInteger(id)) return undefined
  const [group] = await db
    .select({ id: sandboxDoorGroups.id })
    .from(sandboxDoorGroups)
    .innerJoin(sandboxDoorPlaces, eq(sandboxDoorPlaces.id, sandboxDoorGroups.placeId))
    .where(and(eq(sandboxDoorGroups.id, id), eq(sandboxDoorPlaces.account, accountOf(account))))
  return group
}

async function findUser(db: Db, account: DoorAccount, userId: string) {
  const id = Number(userId)
  if (!Number.isSafeInteger(id)) return undefined
  const [user] = await db
    .select()
    .from(sandboxDoorUsers)
    .where(and(eq(sandboxDoorUsers.id, id), eq(sandboxDoorUsers.account, accountOf(account))))
  return user
}

async function findUserByEmail(db: Db, account: string, email: string) {
  const [user] = await db
    .select({ id: sandboxDoorUsers.id })
    .from(sandboxDoorUsers)
    .where(and(eq(sandboxDoorUsers.account, account), eq(sandboxDoorUsers.email, email)))
  return user
}

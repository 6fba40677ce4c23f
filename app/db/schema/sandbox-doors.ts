import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, instant, reference } from './columns'

/**
 * The sandbox door system's own records (docs/sandbox-doors.md): what a Kisi-like provider keeps on its
 * side — places, locks, groups and the locks they open, users with a credential, role assignments
 * (access rights) and unlock events. Not organisation-owned: like the payment sandbox's ledger it stands
 * for the provider, outside the app's data; an `account` (the integration's sandbox organisation) scopes
 * everything, as a Kisi API key does.
 */
export const sandboxDoorPlaces = pgTable(
  'sandbox_door_places',
  {
    id: id(),
    account: text('account').notNull(),
    name: text('name').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('sandbox_door_places_account_idx').on(t.account)],
)

/** A lock or a group: something named, in one of the places. */
const inPlace = () => ({
  id: id(),
  placeId: reference('place_id', () => sandboxDoorPlaces.id, 'cascade'),
  name: text('name').notNull(),
  createdAt: instant('created_at').notNull(),
})

export const sandboxDoorLocks = pgTable(
  'sandbox_door_locks',
  {
    ...inPlace(),
  },
  (t) => [index('sandbox_door_locks_place_idx').on(t.placeId)],
)

export const sandboxDoorGroups = pgTable(
  'sandbox_door_groups',
  {
    ...inPlace(),
  },
  (t) => [index('sandbox_door_groups_place_idx').on(t.placeId)],
)

export const sandboxDoorGroupLocks = pgTable(
  'sandbox_door_group_locks',
  {
    groupId: reference('group_id', () => sandboxDoorGroups.id, 'cascade'),
    lockId: reference('lock_id', () => sandboxDoorLocks.id, 'cascade'),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.lockId] }),
    index('sandbox_door_group_locks_lock_idx').on(t.lockId),
  ],
)

export const sandboxDoorUsers = pgTable(
  'sandbox_door_users',
  {
    id: id(),
    account: text('account').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** What the person taps at a door (a card number or the value of their QR code). */
    credential: text('credential').notNull().unique(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [uniqueIndex('sandbox_door_users_account_email_unique').on(t.account, t.email)],
)

/** Kisi's role assignments with role `group_basic`: the user may open the group's locks. */
export const sandboxDoorRoleAssignments = pgTable(
  'sandbox_door_role_assignments',
  {
    id: id(),
    userId: reference('user_id', () => sandboxDoorUsers.id, 'cascade'),
    groupId: reference('group_id', () => sandboxDoorGroups.id, 'cascade'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_door_role_assignments_user_group_unique').on(t.userId, t.groupId),
    index('sandbox_door_role_assignments_group_idx').on(t.groupId),
  ],
)

/** Unlock events as Kisi's event webhook describes them (`lock.unlock`, success, error, actor, lock). */
export const sandboxDoorEvents = pgTable(
  'sandbox_door_events',
  {
    id: id(),
    uuid: text('uuid').notNull().unique(),
    account: text('account').notNull(),
    actorId: integer('actor_id').references(() => sandboxDoorUsers.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    lockId: reference('lock_id', () => sandboxDoorLocks.id, 'cascade'),
    placeId: integer('place_id').notNull(),
    success: boolean('success').notNull(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('sandbox_door_events_account_created_idx').on(t.account, t.createdAt)],
)

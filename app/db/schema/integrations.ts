import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { accessControlIntegrationTypes } from '~/contracts/enums'
import { instant, isOneOf, reference, timestamps } from './columns'
import { gyms } from './gyms'
import { organisationId, organisationRecord } from './organisations'
import { users } from './users'

/** An organisation's connection to a door access-control provider. */
export const accessControlIntegrations = pgTable(
  'access_control_integrations',
  {
    ...organisationRecord(),
    integrationType: text('integration_type', { enum: accessControlIntegrationTypes }).notNull(),
    // Provider API keys. Stored as JSON for now; to be encrypted at rest before real keys go in.
    credentials: jsonb('credentials').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Why the provider refuses the whole integration (its key revoked or expired), in words an admin
     * reads; set by the access sync when the provider says so, cleared by its next success. Null while
     * it works.
     */
    lastError: text('last_error'),
    lastErrorAt: instant('last_error_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('access_control_integrations_organisation_type_unique').on(
      t.organisationId,
      t.integrationType,
    ),
    check(
      'access_control_integrations_type_check',
      isOneOf(t.integrationType, accessControlIntegrationTypes),
    ),
  ],
)

/** The access-control provider's place that covers one gym. */
export const places = pgTable(
  'places',
  {
    ...organisationRecord(),
    gymId: integer('gym_id')
      .notNull()
      .unique()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    accessControlIntegrationId: reference(
      'access_control_integration_id',
      () => accessControlIntegrations.id,
      'cascade',
    ),
    name: text('name').notNull(),
    /** The provider's id of the place. */
    placeId: text('place_id').notNull(),
    /** The provider's group (Kisi: a place-scoped group with the place's doors) our members are put in. */
    groupId: text('group_id'),
    ...timestamps(),
  },
  (t) => [
    index('places_integration_idx').on(t.accessControlIntegrationId),
    uniqueIndex('places_integration_place_unique').on(t.accessControlIntegrationId, t.placeId),
  ],
)

/** A door (lock) of a place; its unlock events become visits when `tracks_visits` is on. */
export const doorIntegrations = pgTable(
  'door_integrations',
  {
    ...organisationRecord(),
    gymId: reference('gym_id', () => gyms.id, 'cascade'),
    placeId: integer('place_id').references(() => places.id, { onDelete: 'cascade' }),
    accessControlIntegrationId: reference(
      'access_control_integration_id',
      () => accessControlIntegrations.id,
      'cascade',
    ),
    integrationType: text('integration_type', { enum: accessControlIntegrationTypes }).notNull(),
    name: text('name').notNull(),
    /** The provider's id of the door. */
    doorId: text('door_id').notNull(),
    tracksVisits: boolean('tracks_visits').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('door_integrations_integration_door_unique').on(t.accessControlIntegrationId, t.doorId),
    index('door_integrations_gym_idx').on(t.gymId),
    index('door_integrations_place_idx').on(t.placeId),
    check('door_integrations_type_check', isOneOf(t.integrationType, accessControlIntegrationTypes)),
  ],
)

/**
 * A person (member or staff) as the door provider knows them: the provider's user id, and the groups we
 * last put them in. One row per integration and person; written by the access sync (ADR 029) only.
 */
export const doorAccessMembers = pgTable(
  'door_access_members',
  {
    ...organisationRecord(),
    accessControlIntegrationId: reference(
      'access_control_integration_id',
      () => accessControlIntegrations.id,
      'cascade',
    ),
    userId: reference('user_id', () => users.id, 'cascade'),
    /** The provider's id of the person (Kisi: user id). */
    providerUserId: text('provider_user_id').notNull(),
    /**
     * The e-mail address the provider's user was found or made with (lower case). When the person's
     * e-mail changes, the sync moves their access to a provider user of the new address (Kisi keys its
     * users, and their app's sign-in, by e-mail). Null for rows made before it was kept.
     */
    email: text('email'),
    /** The provider groups (places' `group_id`) the person holds access through, after the last sync. */
    groupIds: text('group_ids').array().notNull().default(sql`'{}'::text[]`),
    /** Why access is refused after the last sync, in words staff read; null while it is granted. */
    refusedReason: text('refused_reason'),
    syncedAt: instant('synced_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('door_access_members_integration_user_unique').on(t.accessControlIntegrationId, t.userId),
    uniqueIndex('door_access_members_integration_provider_user_unique').on(
      t.accessControlIntegrationId,
      t.providerUserId,
    ),
    index('door_access_members_user_idx').on(t.userId),
  ],
)

/**
 * People whose door access must be worked out again (ADR 029): written by triggers on the rows access
 * depends on (subscriptions, pauses, a person's removal or door access, staff roles) in the same
 * transaction as the change, with `due_at` at the epoch ("now" on any clock), and by the sync itself with the moment the
 * next change takes effect (a pause starting, a paid-through date, a grace period's end). The
 * `door-access.sync` job works through the due rows; a row left after a failure is retried with a delay.
 */
export const doorAccessOutbox = pgTable(
  'door_access_outbox',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: organisationId(),
    dueAt: instant('due_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('door_access_outbox_due_idx').on(t.dueAt)],
)

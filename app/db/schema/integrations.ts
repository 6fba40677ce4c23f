import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, isOneOf, timestamps } from './columns'
import { accessControlIntegrationTypes } from './enums'
import { gyms } from './gyms'
import { organisationId } from './organisations'

/** An organisation's connection to a door access-control provider. */
export const accessControlIntegrations = pgTable(
  'access_control_integrations',
  {
    id: id(),
    organisationId: organisationId(),
    integrationType: text('integration_type', { enum: accessControlIntegrationTypes }).notNull(),
    // Provider API keys. Stored as JSON for now; to be encrypted at rest before real keys go in.
    credentials: jsonb('credentials').$type<Record<string, unknown>>().notNull().default({}),
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
    id: id(),
    organisationId: organisationId(),
    gymId: integer('gym_id')
      .notNull()
      .unique()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    accessControlIntegrationId: integer('access_control_integration_id')
      .notNull()
      .references(() => accessControlIntegrations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The provider's id of the place. */
    placeId: text('place_id').notNull(),
    ...timestamps(),
  },
  (t) => [index('places_integration_idx').on(t.accessControlIntegrationId)],
)

/** A door (lock) of a place; its unlock events become visits when `tracks_visits` is on. */
export const doorIntegrations = pgTable(
  'door_integrations',
  {
    id: id(),
    organisationId: organisationId(),
    gymId: integer('gym_id')
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    placeId: integer('place_id').references(() => places.id, { onDelete: 'cascade' }),
    accessControlIntegrationId: integer('access_control_integration_id')
      .notNull()
      .references(() => accessControlIntegrations.id, { onDelete: 'cascade' }),
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

import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, reference } from './columns'
import { gyms } from './gyms'
import { doorIntegrations } from './integrations'
import { organisationRecord } from './organisations'
import { users } from './users'

/** A member's entry (or refused entry) at a gym, usually from a door unlock event. */
export const visits = pgTable(
  'visits',
  {
    ...organisationRecord(),
    gymId: reference('gym_id', () => gyms.id),
    userId: reference('user_id', () => users.id),
    doorIntegrationId: integer('door_integration_id').references(() => doorIntegrations.id, {
      onDelete: 'set null',
    }),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
    successful: boolean('successful').notNull().default(true),
    /** Why a refused entry was refused, in words staff read ("Membership paused"); null when it opened. */
    refusedReason: text('refused_reason'),
    /** The provider's event id, so a redelivered unlock event does not count twice. */
    externalId: text('external_id').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    // The visits list's order (ties by id), for the whole organisation and for a gym's staff.
    index('visits_organisation_gym_visited_at_id_idx').on(t.organisationId, t.gymId, t.visitedAt, t.id),
    index('visits_organisation_visited_at_id_idx').on(t.organisationId, t.visitedAt, t.id),
    index('visits_user_visited_at_idx').on(t.userId, t.visitedAt),
  ],
)

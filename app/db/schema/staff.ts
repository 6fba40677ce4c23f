import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { staffRoles } from '~/contracts/enums'
import { id, isOneOf, timestamps } from './columns'
import { gyms } from './gyms'
import { organisationId } from './organisations'
import { users } from './users'

/** A staff member's role at one gym; a staff member may hold a different role at each gym (SPEC §6). */
export const staffGymRoles = pgTable(
  'staff_gym_roles',
  {
    id: id(),
    organisationId: organisationId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gymId: integer('gym_id')
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    role: text('role', { enum: staffRoles }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('staff_gym_roles_user_gym_unique').on(t.userId, t.gymId),
    index('staff_gym_roles_gym_idx').on(t.gymId),
    check('staff_gym_roles_role_check', isOneOf(t.role, staffRoles)),
  ],
)

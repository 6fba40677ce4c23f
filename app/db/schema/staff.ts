import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { staffRoles } from '~/contracts/enums'
import { isOneOf, reference, timestamps } from './columns'
import { gyms } from './gyms'
import { organisationRecord } from './organisations'
import { users } from './users'

/** A staff member's role at one gym; a staff member may hold a different role at each gym (SPEC §6). */
export const staffGymRoles = pgTable(
  'staff_gym_roles',
  {
    ...organisationRecord(),
    userId: reference('user_id', () => users.id, 'cascade'),
    gymId: reference('gym_id', () => gyms.id, 'cascade'),
    role: text('role', { enum: staffRoles }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('staff_gym_roles_user_gym_unique').on(t.userId, t.gymId),
    index('staff_gym_roles_gym_idx').on(t.gymId),
    check('staff_gym_roles_role_check', isOneOf(t.role, staffRoles)),
  ],
)

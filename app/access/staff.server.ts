import { and, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { type StaffCaller, unauthorisedMessage } from './caller.server'
import { ownedBy } from './scope.server'

/** Whose staff records a query covers: the whole organisation, or the staff holding a role at these gyms. */
export type StaffViewScope = { wholeOrganisation: true } | { wholeOrganisation: false; gymIds: number[] }

/**
 * Who sees and changes the organisation's staff (issue 17):
 * - organisation admins see and change everyone (the Staff screens of the Organisation group);
 * - a gym admin may read, through the API only, one staff member holding a role at a gym they run
 *   (`GET /staff/{id}`, their photo), with only those gyms' roles — the people they work beside; they
 *   list nobody (the organisation's staff list is the Staff screens', organisation admins only, issue
 *   30) and change nobody (403);
 * - personal trainers see no staff records (403).
 * A staff member outside the caller's view, another organisation's included, is a 404.
 */
export function staffViewScope(caller: StaffCaller): StaffViewScope {
  if (caller.isOrganisationAdmin) return { wholeOrganisation: true }
  const adminGymIds = caller.gymIds.filter((_, index) => caller.access.gymRoles[index] === 'admin')
  if (adminGymIds.length === 0) throw new AppError('FORBIDDEN', unauthorisedMessage)
  return { wholeOrganisation: false, gymIds: adminGymIds }
}

/**
 * A staff member of the caller's organisation (deactivated ones included), whoever the caller is: the
 * door screens' check before the area's 403. Another organisation's, or a member, is a 404.
 */
export async function findOrganisationStaff(options: { db: Db; caller: StaffCaller; staffId: number }) {
  const { db, caller, staffId } = options
  const [staff] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(ownedBy(users, caller.organisationId), eq(users.id, staffId), eq(users.isStaff, true)))
  if (!staff) throw new AppError('NOT_FOUND', 'Staff member not found.')
  return staff
}

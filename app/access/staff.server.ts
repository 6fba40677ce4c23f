import { AppError } from '~/lib/errors'
import { type StaffCaller, unauthorisedMessage } from './caller.server'

/** Whose staff records a query covers: the whole organisation, or the staff holding a role at these gyms. */
export type StaffViewScope = { wholeOrganisation: true } | { wholeOrganisation: false; gymIds: number[] }

/**
 * Who sees and changes the organisation's staff (issue 17):
 * - organisation admins see and change everyone (the Staff screens of the Organisation group);
 * - a gym admin may read, through the API only, the staff holding a role at a gym they run, with only
 *   those gyms' roles — the people they work beside; they change nobody (403);
 * - personal trainers see no staff records (403).
 * A staff member outside the caller's view, another organisation's included, is a 404.
 */
export function staffViewScope(caller: StaffCaller): StaffViewScope {
  if (caller.isOrganisationAdmin) return { wholeOrganisation: true }
  const adminGymIds = caller.gymIds.filter((_, index) => caller.access.gymRoles[index] === 'admin')
  if (adminGymIds.length === 0) throw new AppError('FORBIDDEN', unauthorisedMessage)
  return { wholeOrganisation: false, gymIds: adminGymIds }
}

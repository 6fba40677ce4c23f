import { and, asc, eq } from 'drizzle-orm'
import type { StaffRole } from '~/contracts/enums'
import type { StaffMemberRole } from '~/contracts/staff'
import type { Db } from '~/db/client.server'
import { staffGymRoles, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { recordAudit } from '../audit/record-audit.server'
import { findChangedStaffMember } from './find-staff.server'
import { assertAnotherOrganisationAdmin, lockOrganisation, resolveStaffRoles } from './staff-roles.server'

export const ownLastAdminRoleMessage =
  'You can’t remove your own last admin role. Ask another organisation admin to change your roles.'

/**
 * Changes a staff member's roles (issue 17): the organisation-wide role and the role at each gym, all
 * replaced at once and audited with what they were. An admin never removes their own last admin role,
 * and the organisation always keeps an organisation admin (both 409).
 */
export async function updateStaffRoles(options: {
  db: Db
  now: Date
  organisationId: number
  staffId: number
  actorId: number
  role: StaffMemberRole
  gyms: ReadonlyArray<{ id: number; role: StaffRole }>
}) {
  const { db, now, organisationId } = options
  await db.transaction(async (tx) => {
    await lockOrganisation(tx, organisationId)
    const [staff] = await tx.select().from(users).where(eq(users.id, options.staffId))
    if (!staff || staff.organisationId !== organisationId || !staff.isStaff) {
      throw new AppError('NOT_FOUND', 'Staff member not found.')
    }
    if (staff.deletedAt) {
      throw new AppError('CONFLICT', `${staff.name} has been deactivated, so their roles can’t change.`)
    }
    const roles = await resolveStaffRoles({ db: tx, organisationId, role: options.role, gyms: options.gyms })
    const before = await tx
      .select({ gymId: staffGymRoles.gymId, role: staffGymRoles.role })
      .from(staffGymRoles)
      .where(eq(staffGymRoles.userId, staff.id))
      .orderBy(asc(staffGymRoles.gymId))
    const keepsAnAdminRole =
      roles.organisationRole === 'admin' || roles.gymRoles.some((gymRole) => gymRole.role === 'admin')
    if (staff.id === options.actorId && !keepsAnAdminRole)
      throw new AppError('CONFLICT', ownLastAdminRoleMessage)
    if (staff.organisationRole === 'admin' && roles.organisationRole !== 'admin') {
      await assertAnotherOrganisationAdmin({ db: tx, organisationId, userId: staff.id })
    }
    const gymIds = roles.gymRoles.map((gymRole) => gymRole.gymId)
    await tx
      .update(users)
      .set({
        organisationRole: roles.organisationRole,
        // Their current gym stays one they work at.
        currentGymId:
          roles.organisationRole === 'admin' ||
          (staff.currentGymId !== null && gymIds.includes(staff.currentGymId))
            ? staff.currentGymId
            : (gymIds[0] ?? null),
        updatedAt: now,
      })
      .where(eq(users.id, staff.id))
    await tx.delete(staffGymRoles).where(and(eq(staffGymRoles.userId, staff.id)))
    if (roles.gymRoles.length > 0) {
      await tx.insert(staffGymRoles).values(
        roles.gymRoles.map((gymRole) => ({
          organisationId,
          userId: staff.id,
          gymId: gymRole.gymId,
          role: gymRole.role,
          createdAt: now,
          updatedAt: now,
        })),
      )
    }
    await recordAudit(tx, {
      organisationId,
      actorUserId: options.actorId,
      action: 'staff.roles_changed',
      subjectType: 'staff',
      subjectId: staff.id,
      changes: {
        organisation_role: { from: staff.organisationRole, to: roles.organisationRole },
        gym_roles: {
          from: before.map((row) => ({ gym_id: row.gymId, role: row.role })),
          to: roles.gymRoles.map((row) => ({ gym_id: row.gymId, role: row.role })),
        },
      },
    })
  })
  const staff = await findChangedStaffMember({ db, organisationId, staffId: options.staffId })
  return { staff, message: `${staff.user.name}’s roles are saved.` }
}

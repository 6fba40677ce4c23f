import { perGymRole, type StaffMember } from '~/contracts/staff'
import { profilePictureUrl } from '~/server/auth/session-user.server'
import type { StaffRow } from '~/server/services/staff/find-staff.server'

/** A staff member as the staff screens read them (SPEC §3 Staff member). */
export function toStaffResource(row: StaffRow): StaffMember {
  const { user } = row
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile_picture: profilePictureUrl({ id: user.id, profilePicture: user.profilePicture }),
    role:
      user.organisationRole === 'admin'
        ? 'admin'
        : row.trainerEverywhere && row.gyms.length > 0
          ? 'personal_trainer'
          : perGymRole,
    gyms: row.gyms,
    pending_invite: user.pendingInvite,
    access_enabled: user.accessEnabled,
    visits_count: row.visitsCount,
    created_at: user.createdAt.toISOString(),
    deleted_at: user.deletedAt?.toISOString() ?? null,
  }
}

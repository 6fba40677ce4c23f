import type { StaffRole } from '~/contracts/enums'
import type { StaffMemberRole } from '~/contracts/staff'
import type { Db } from '~/db/client.server'
import { consumeLimit } from '~/server/auth/rate-limits.server'
import { recordAudit } from '../audit/record-audit.server'
import { inviteStaffMember } from '../auth/invite-staff-member.server'
import type { Mailer } from '../auth/mailer'
import { createStaffUser } from '../users/create-staff-user.server'
import { findChangedStaffMember } from './find-staff.server'
import { resolveStaffRoles } from './staff-roles.server'

/**
 * An organisation admin adds a staff member (issue 17) with their roles, and (inviting) e-mails them the
 * link to set their password. The staff member, their roles, the invitation and the audit line commit
 * together: a failed e-mail leaves no half-made staff member behind.
 */
export async function inviteStaff(options: {
  db: Db
  now: Date
  organisationId: number
  actor: { id: number; name: string }
  inviting: boolean
  name: string | undefined
  email: string
  role: StaffMemberRole
  gyms: ReadonlyArray<{ id: number; role: StaffRole }>
  mailer: Mailer
  siteUrl: (site: 'join' | 'console', path: string) => string
}) {
  const { db, now, organisationId } = options
  const email = options.email.trim()
  const created = await db.transaction(async (tx) => {
    const roles = await resolveStaffRoles({ db: tx, organisationId, role: options.role, gyms: options.gyms })
    const { user } = await createStaffUser({
      db: tx,
      now,
      organisationId,
      // Someone invited by address alone is called by it until they are given a name.
      name: options.name || email.split('@')[0] || email,
      email,
      organisationRole: roles.organisationRole,
      gymRoles: roles.gymRoles,
    })
    if (options.inviting) {
      await inviteStaffMember({
        db: tx,
        now,
        organisationId,
        userId: user.id,
        inviterName: options.actor.name,
        mailer: options.mailer,
        siteUrl: options.siteUrl,
      })
    }
    await recordAudit(tx, {
      organisationId,
      actorUserId: options.actor.id,
      action: options.inviting ? 'staff.invited' : 'staff.added',
      subjectType: 'staff',
      subjectId: user.id,
      changes: {
        email: user.email,
        organisation_role: roles.organisationRole,
        gym_roles: roles.gymRoles.map((gymRole) => ({ gym_id: gymRole.gymId, role: gymRole.role })),
      },
    })
    return user
  })
  // The invitation counts towards the resends' limits: a resend a moment later is one too many.
  if (options.inviting) await countInvitation(db, created.id)
  const staff = await findChangedStaffMember({
    db,
    organisationId: options.organisationId,
    staffId: created.id,
  })
  const message = options.inviting
    ? `Invitation sent to ${staff.user.email}. The link works for 7 days.`
    : `${staff.user.name} added to your staff.`
  return { id: created.id, staff, message }
}

/** Counts one invitation e-mail to a staff member against the limits of ADR 008. */
export async function countInvitation(db: Db, userId: number): Promise<void> {
  await consumeLimit({ db, name: 'staffInvitationBurst', key: `staff:${userId}` })
  await consumeLimit({ db, name: 'staffInvitationHourly', key: `staff:${userId}` })
}

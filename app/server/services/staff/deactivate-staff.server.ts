import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { oneTimeCodes, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { destroyUserSessions } from '~/server/auth/sessions.server'
import { forgetTrustedBrowsers } from '~/server/auth/trusted-browsers.server'
import { recordAudit } from '../audit/record-audit.server'
import { assertAnotherOrganisationAdmin, lockOrganisation } from './staff-roles.server'

/**
 * Deactivates a staff member (SPEC §4: `deleted_at`): every session of theirs ends at once, their
 * trusted browsers and outstanding invitation link stop working, and their door access is switched off.
 * Nobody deactivates themselves, and the organisation keeps an organisation admin.
 */
export async function deactivateStaff(options: {
  db: Db
  now: Date
  organisationId: number
  staffId: number
  actorId: number
}): Promise<{ name: string; message: string }> {
  const { db, now, organisationId } = options
  return db.transaction(async (tx) => {
    await lockOrganisation(tx, organisationId)
    const [staff] = await tx.select().from(users).where(eq(users.id, options.staffId))
    if (!staff || staff.organisationId !== organisationId || !staff.isStaff) {
      throw new AppError('NOT_FOUND', 'Staff member not found.')
    }
    if (staff.id === options.actorId) {
      throw new AppError(
        'CONFLICT',
        'You can’t deactivate yourself. Ask another organisation admin to do it.',
      )
    }
    if (staff.deletedAt) throw new AppError('CONFLICT', `${staff.name} is already deactivated.`)
    if (staff.organisationRole === 'admin') {
      await assertAnotherOrganisationAdmin({ db: tx, organisationId, userId: staff.id })
    }
    await tx
      .update(users)
      .set({ deletedAt: now, pendingInvite: 0, accessEnabled: false, updatedAt: now })
      .where(eq(users.id, staff.id))
    await tx
      .update(oneTimeCodes)
      .set({ usedAt: now })
      .where(and(eq(oneTimeCodes.userId, staff.id), isNull(oneTimeCodes.usedAt)))
    await destroyUserSessions({ db: tx, userId: staff.id })
    await forgetTrustedBrowsers({ db: tx, userId: staff.id })
    await recordAudit(tx, {
      organisationId,
      actorUserId: options.actorId,
      action: 'staff.deactivated',
      subjectType: 'staff',
      subjectId: staff.id,
      changes: { email: staff.email, organisation_role: staff.organisationRole },
    })
    return { name: staff.name, message: `${staff.name} is deactivated and has been signed out everywhere.` }
  })
}

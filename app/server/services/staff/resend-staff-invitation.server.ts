import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { assertUnderLimit, waitWords } from '~/server/auth/rate-limits.server'
import { recordAudit } from '../audit/record-audit.server'
import { inviteStaffMember } from '../auth/invite-staff-member.server'
import type { Mailer } from '../auth/mailer'
import { countInvitation } from './invite-staff.server'

/**
 * Sends a staff member a new invitation link (issue 17); the old link stops working. Only while the
 * invitation is pending and they are not deactivated; at most one a minute and five an hour, refused in
 * words that say when another may go.
 */
export async function resendStaffInvitation(options: {
  db: Db
  now: Date
  organisationId: number
  staffId: number
  actor: { id: number; name: string }
  mailer: Mailer
  siteUrl: (site: 'join' | 'console', path: string) => string
}): Promise<{ email: string; message: string }> {
  const { db, now } = options
  const [staff] = await db.select().from(users).where(eq(users.id, options.staffId))
  if (!staff || staff.organisationId !== options.organisationId || !staff.isStaff) {
    throw new AppError('NOT_FOUND', 'Staff member not found.')
  }
  if (staff.deletedAt) {
    throw new AppError('CONFLICT', `${staff.name} has been deactivated, so they can’t be invited again.`)
  }
  if (staff.pendingInvite === 0) {
    throw new AppError('CONFLICT', `${staff.name} has already accepted their invitation and can sign in.`)
  }
  try {
    for (const name of ['staffInvitationBurst', 'staffInvitationHourly'] as const) {
      await assertUnderLimit({ db, name, key: `staff:${staff.id}` })
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'TOO_MANY_ATTEMPTS') throw error
    const wait = waitWords(error.retryAfterSeconds ?? 60)
    throw new AppError(
      'TOO_MANY_ATTEMPTS',
      `An invitation went to ${staff.email} a moment ago. You can send another in ${wait}.`,
      { retryAfterSeconds: error.retryAfterSeconds },
    )
  }
  await db.transaction(async (tx) => {
    await inviteStaffMember({
      db: tx,
      now,
      organisationId: options.organisationId,
      userId: staff.id,
      inviterName: options.actor.name,
      mailer: options.mailer,
      siteUrl: options.siteUrl,
    })
    await recordAudit(tx, {
      organisationId: options.organisationId,
      actorUserId: options.actor.id,
      action: 'staff.invitation_resent',
      subjectType: 'staff',
      subjectId: staff.id,
      changes: { email: staff.email },
    })
  })
  await countInvitation(db, staff.id)
  return { email: staff.email, message: `A new invitation is on its way to ${staff.email}.` }
}

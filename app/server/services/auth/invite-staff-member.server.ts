import { eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { organisations, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { issueLinkToken } from '~/server/auth/one-time-codes.server'
import { staffInvitationMail } from '~/server/mail/templates.server'
import type { Mailer } from './mailer'

/**
 * E-mails a staff member the link to set their password (`/set-password` on the console), valid for
 * 7 days; a new invitation replaces the old link. Creating the staff member is the staff screens' job.
 */
export async function inviteStaffMember(options: {
  db: Db
  now: Date
  organisationId: number
  userId: number
  inviterName: string
  mailer: Mailer
  siteUrl: (site: 'join' | 'console', path: string) => string
}): Promise<void> {
  const { db, now, mailer } = options
  const [user] = await db.select().from(users).where(eq(users.id, options.userId))
  if (!user || user.organisationId !== options.organisationId || !user.isStaff) {
    throw new AppError('NOT_FOUND', 'Staff member not found.')
  }
  const token = await issueLinkToken({ db, userId: user.id, purpose: 'staff_invite', now })
  // Counts the invitations sent (SPEC §4: pending while non-zero); setting the password clears it.
  await db
    .update(users)
    .set({ pendingInvite: sql`${users.pendingInvite} + 1` })
    .where(eq(users.id, user.id))
  const [organisation] = await db
    .select()
    .from(organisations)
    .where(eq(organisations.id, user.organisationId))
  const query = new URLSearchParams({ token, email: user.email })
  const message = staffInvitationMail({
    organisationName: organisation?.name ?? 'Gymbase',
    recipientName: user.name,
    inviterName: options.inviterName,
    setPasswordUrl: options.siteUrl('console', `/set-password?${query}`),
  })
  await mailer.send({ db, organisationId: user.organisationId, to: user.email, message })
}

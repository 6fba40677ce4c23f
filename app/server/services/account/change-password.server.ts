import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { isCommonPassword } from '~/server/auth/common-passwords.server'
import { hashPassword, verifyPassword } from '~/server/auth/password.server'
import { assertUnderLimit, consumeLimit } from '~/server/auth/rate-limits.server'
import { destroyUserSessions, type UserRow } from '~/server/auth/sessions.server'
import { forgetTrustedBrowsers } from '~/server/auth/trusted-browsers.server'
import { recordAudit } from '../audit/record-audit.server'
import { commonPasswordMessage } from '../auth/register-member.server'
import type { MemberSelf } from './find-account-details.server'

export const passwordChangedOnAccountMessage =
  'Your password has been changed. Every other device you were signed in on has been signed out.'

const wrongCurrentPassword = 'That is not your current password.'

/** The password the member gave matches the one they sign in with (else a message under `field`). */
export async function assertOwnPassword(
  db: Db,
  options: { user: UserRow; password: string; field: string; message: string },
) {
  const { user, field, message } = options
  // Wrong passwords here count with those typed at sign-in (ADR 008): a session is no way to guess one.
  const key = user.email.toLowerCase()
  await assertUnderLimit({ db, name: 'loginAccount', key })
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, options.password))) {
    await consumeLimit({ db, name: 'loginAccount', key }).catch(() => undefined)
    throw new AppError('VALIDATION', message, { fieldErrors: { [field]: [message] } })
  }
}

/**
 * A member changes their password on their account (issue 28): the current one proves it is them, the
 * new one has the reset screen's rules; every other session ends, the one they changed it in is kept.
 */
export async function changeOwnPassword(
  options: MemberSelf & { user: UserRow; sessionId: string; currentPassword: string; password: string },
) {
  const { db, now, user } = options
  await assertOwnPassword(db, {
    user,
    password: options.currentPassword,
    field: 'current_password',
    message: wrongCurrentPassword,
  })
  if (isCommonPassword(options.password)) {
    throw new AppError('VALIDATION', commonPasswordMessage, {
      fieldErrors: { password: [commonPasswordMessage] },
    })
  }
  const passwordHash = await hashPassword(options.password)
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id))
    await destroyUserSessions({ db: tx, userId: user.id, exceptSessionId: options.sessionId })
    await forgetTrustedBrowsers({ db: tx, userId: user.id })
    await recordAudit(tx, {
      organisationId: options.organisationId,
      actorUserId: user.id,
      action: 'member.password_changed_by_member',
      subjectType: 'member',
      subjectId: user.id,
      changes: { description: 'Changed their password on their account; other devices signed out' },
    })
  })
}

/** Every session of the member ends, the one they asked in included (issue 28). */
export async function signOutEverywhere(options: MemberSelf) {
  const { db } = options
  await db.transaction(async (tx) => {
    await destroyUserSessions({ db: tx, userId: options.userId })
    await recordAudit(tx, {
      organisationId: options.organisationId,
      actorUserId: options.userId,
      action: 'member.signed_out_everywhere',
      subjectType: 'member',
      subjectId: options.userId,
      changes: { description: 'Signed out of every device from their account' },
    })
  })
}

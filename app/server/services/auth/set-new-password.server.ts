import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { isCommonPassword } from '~/server/auth/common-passwords.server'
import { consumeLinkToken } from '~/server/auth/one-time-codes.server'
import { hashPassword } from '~/server/auth/password.server'
import { destroyUserSessions, type UserRow } from '~/server/auth/sessions.server'
import { forgetTrustedBrowsers } from '~/server/auth/trusted-browsers.server'
import { findSignInCandidates } from './find-sign-in-candidates.server'
import { commonPasswordMessage } from './register-member.server'

export const expiredLinkMessage = 'This link has expired or was already used. Ask for a new one.'

/**
 * Sets a password from an e-mailed link: a reset (`password_reset`) or a staff invitation
 * (`staff_invite`). The link proves the address, so it also counts as verifying it. Every other
 * session and trusted browser of the user ends.
 */
export async function setNewPassword(options: {
  db: Db
  now: Date
  purpose: 'password_reset' | 'staff_invite'
  token: string
  email: string
  password: string
}): Promise<UserRow> {
  const { db, now, purpose, token } = options
  if (isCommonPassword(options.password)) {
    throw new AppError('VALIDATION', commonPasswordMessage, {
      fieldErrors: { password: [commonPasswordMessage] },
    })
  }
  let owner: UserRow | undefined
  for (const candidate of await findSignInCandidates({ db, email: options.email })) {
    if (await consumeLinkToken({ db, userId: candidate.id, purpose, token, now })) {
      owner = candidate
      break
    }
  }
  if (!owner)
    throw new AppError('VALIDATION', expiredLinkMessage, { fieldErrors: { token: [expiredLinkMessage] } })

  const [updated] = await db
    .update(users)
    .set({
      passwordHash: await hashPassword(options.password),
      emailVerifiedAt: owner.emailVerifiedAt ?? now,
      ...(purpose === 'staff_invite' ? { pendingInvite: 0, accessEnabled: true } : {}),
    })
    .where(eq(users.id, owner.id))
    .returning()
  if (!updated) throw new Error('The user disappeared')
  await destroyUserSessions({ db, userId: owner.id })
  await forgetTrustedBrowsers({ db, userId: owner.id })
  return updated
}

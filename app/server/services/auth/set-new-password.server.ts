import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { isCommonPassword } from '~/server/auth/common-passwords.server'
import { consumeLinkToken, type LinkPurpose } from '~/server/auth/one-time-codes.server'
import { hashPassword } from '~/server/auth/password.server'
import { createSession, destroyUserSessions, type UserRow } from '~/server/auth/sessions.server'
import { forgetTrustedBrowsers } from '~/server/auth/trusted-browsers.server'
import { findSignInCandidates } from './find-sign-in-candidates.server'
import { commonPasswordMessage } from './register-member.server'

export const passwordChangedMessage = 'Your password has been changed. Sign in with it now.'

export const expiredLinkMessage = 'This link has expired or was already used. Ask for a new one.'

/**
 * Sets a password from an e-mailed link: a reset (`password_reset`), a staff invitation
 * (`staff_invite`) or a member staff added (`member_invite`); `purpose` may name several, tried in
 * turn. The link proves the address, so it also counts as verifying it. Every other session and
 * trusted browser of the user ends.
 */
export async function setNewPassword(options: {
  db: Db
  now: Date
  purpose: LinkPurpose | readonly LinkPurpose[]
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
  let used: LinkPurpose | undefined
  const purposes = typeof purpose === 'string' ? [purpose] : purpose
  search: for (const candidate of await findSignInCandidates({ db, email: options.email })) {
    for (const candidatePurpose of purposes) {
      if (await consumeLinkToken({ db, userId: candidate.id, purpose: candidatePurpose, token, now })) {
        owner = candidate
        used = candidatePurpose
        break search
      }
    }
  }
  if (!owner)
    throw new AppError('VALIDATION', expiredLinkMessage, { fieldErrors: { token: [expiredLinkMessage] } })

  const [updated] = await db
    .update(users)
    .set({
      passwordHash: await hashPassword(options.password),
      emailVerifiedAt: owner.emailVerifiedAt ?? now,
      ...(used === 'staff_invite' ? { pendingInvite: 0, accessEnabled: true } : {}),
    })
    .where(eq(users.id, owner.id))
    .returning()
  if (!updated) throw new Error('The user disappeared')
  await destroyUserSessions({ db, userId: owner.id })
  await forgetTrustedBrowsers({ db, userId: owner.id })
  return updated
}

/**
 * A staff invitation, or a member staff added finishing joining (issue 15): the password set, and a
 * session at once — the invitation link came by e-mail, so it already is the second factor.
 */
export async function acceptInvitation(
  options: Omit<Parameters<typeof setNewPassword>[0], 'purpose'> & {
    ip?: string | undefined
    userAgent?: string | undefined
  },
) {
  const { ip, userAgent, ...password } = options
  const user = await setNewPassword({ ...password, purpose: ['staff_invite', 'member_invite'] })
  const { token } = await createSession({
    db: options.db,
    userId: user.id,
    now: options.now,
    twoFactorVerified: true,
    ip,
    userAgent,
  })
  return { user, token }
}

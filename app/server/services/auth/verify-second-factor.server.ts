import { eq } from 'drizzle-orm'
import { isSecondFactorPending } from '~/access/actor.server'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { consumeCode } from '~/server/auth/one-time-codes.server'
import { consumeLimit, resetLimit } from '~/server/auth/rate-limits.server'
import { markSessionTwoFactorVerified, type SessionRow, type UserRow } from '~/server/auth/sessions.server'
import { trustBrowser } from '~/server/auth/trusted-browsers.server'
import { findUserById } from '../users/find-user.server'

/**
 * `POST /api/email/verify`: the e-mailed code completes a staff sign-in, or confirms a new member's
 * address. Staff may ask to trust this browser for 30 days; the answer then carries its token.
 */
export async function verifySecondFactor(options: {
  db: Db
  now: Date
  session: SessionRow
  user: UserRow
  code: string
  remember: boolean
}): Promise<{ trustedBrowserToken: string | undefined }> {
  const { db, now, session, user } = options
  await consumeLimit({ db, name: 'codeEntry', key: String(user.id) })
  const purpose = user.isStaff ? 'two_factor' : 'email_verification'
  await consumeCode({ db, userId: user.id, purpose, code: options.code, now })
  // The limit is on guessing: a right code clears the count, so someone signing in often isn't locked out.
  await resetLimit({ db, name: 'codeEntry', key: String(user.id) })
  await markSessionTwoFactorVerified({ db, sessionId: session.id, now })
  if (!user.isStaff) {
    await db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id))
    return { trustedBrowserToken: undefined }
  }
  const trustedBrowserToken = options.remember ? await trustBrowser({ db, userId: user.id, now }) : undefined
  return { trustedBrowserToken }
}

/**
 * The code screen's answer: the code checked while the session still waits for it (a session already
 * through answers as it is), then the user as stored now.
 */
export async function verifySession(options: Parameters<typeof verifySecondFactor>[0]) {
  const { session, user } = options
  const { trustedBrowserToken } = isSecondFactorPending(session, user)
    ? await verifySecondFactor(options)
    : { trustedBrowserToken: undefined }
  return { user: await findUserById({ db: options.db, userId: user.id }), trustedBrowserToken }
}

import { isSecondFactorPending } from '~/access/actor.server'
import type { Db } from '~/db/client.server'
import { AppError } from '~/lib/errors'
import { hashPassword, verifyPassword } from '~/server/auth/password.server'
import { assertUnderLimit, consumeLimit, resetLimit } from '~/server/auth/rate-limits.server'
import { createSession, destroySession, type SessionRow, type UserRow } from '~/server/auth/sessions.server'
import { isTrustedBrowser } from '~/server/auth/trusted-browsers.server'
import { findSignInCandidates } from './find-sign-in-candidates.server'
import type { Mailer } from './mailer'
import { sendSecondFactorCode } from './send-second-factor-code.server'

export const invalidCredentialsMessage = 'These credentials do not match our records.'

// Verified when no account matches, so a wrong address costs as long as a wrong password.
let decoyHash: Promise<string> | undefined

export interface SignInResult {
  token: string
  session: SessionRow
  user: UserRow
  secondFactorPending: boolean
}

/**
 * Password sign-in. Staff then need the e-mailed code unless this browser is trusted; a member whose
 * address is not yet verified gets a new verification code. Limits: per address, per account and
 * address, and per account — the last one never holds back a browser the user trusted (ADR 008).
 */
export async function signIn(options: {
  db: Db
  now: Date
  email: string
  password: string
  site: 'join' | 'console' | 'other' | undefined
  ip: string
  userAgent?: string | undefined
  trustedBrowserToken?: string | undefined
  mailer: Mailer
  /** The browser's session so far: signing in again replaces it rather than leaving two alive. */
  replacingSessionId?: string | undefined
}): Promise<SignInResult> {
  const { db, now, ip, mailer } = options
  if (options.replacingSessionId) await destroySession({ db, sessionId: options.replacingSessionId })
  const email = options.email.trim().toLowerCase()
  await consumeLimit({ db, name: 'loginIp', key: ip })
  await assertUnderLimit({ db, name: 'loginAccountIp', key: `${email}|${ip}` })

  const candidates = await findSignInCandidates({ db, email })
  // Staff first on the console, members first on the join site.
  candidates.sort((a, b) => Number(b.isStaff) - Number(a.isStaff))
  if (options.site === 'join') candidates.reverse()

  const trusted = new Set<number>()
  for (const candidate of candidates) {
    if (await isTrustedBrowser({ db, userId: candidate.id, token: options.trustedBrowserToken, now })) {
      trusted.add(candidate.id)
    }
  }
  if (trusted.size === 0) await assertUnderLimit({ db, name: 'loginAccount', key: email })

  let user: UserRow | undefined
  for (const candidate of candidates) {
    if (candidate.passwordHash && (await verifyPassword(candidate.passwordHash, options.password))) {
      user = candidate
      break
    }
  }
  if (candidates.length === 0) {
    decoyHash ??= hashPassword('decoy password for unknown addresses')
    await verifyPassword(await decoyHash, options.password)
  }
  if (!user) {
    await consumeLimit({ db, name: 'loginAccountIp', key: `${email}|${ip}` }).catch(ignoreLimit)
    if (trusted.size === 0) await consumeLimit({ db, name: 'loginAccount', key: email }).catch(ignoreLimit)
    throw new AppError('VALIDATION', invalidCredentialsMessage, {
      fieldErrors: { email: [invalidCredentialsMessage] },
    })
  }
  await resetLimit({ db, name: 'loginAccountIp', key: `${email}|${ip}` })

  const twoFactorVerified = user.isStaff && trusted.has(user.id)
  const { token, session } = await createSession({
    db,
    userId: user.id,
    now,
    twoFactorVerified,
    ip,
    userAgent: options.userAgent,
  })
  const secondFactorPending = isSecondFactorPending(session, user)
  if (secondFactorPending) await sendSecondFactorCode({ db, now, user, mailer })
  return { token, session, user, secondFactorPending }
}

// This attempt already failed with the right message; the limit shows on the next one.
function ignoreLimit(error: unknown) {
  if (!(error instanceof AppError && error.code === 'TOO_MANY_ATTEMPTS')) throw error
}

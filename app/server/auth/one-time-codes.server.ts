import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { OneTimeCodePurpose } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { oneTimeCodes } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { authPolicy } from './policy'
import { hashToken, randomToken, sameHash, sixDigitCode } from './tokens.server'

type CodePurpose = Extract<OneTimeCodePurpose, 'two_factor' | 'email_verification'>
export type LinkPurpose = Extract<
  OneTimeCodePurpose,
  'password_reset' | 'staff_invite' | 'member_invite' | 'email_change'
>

const lifetimes: Record<OneTimeCodePurpose, number> = {
  two_factor: authPolicy.codeLifetime,
  email_verification: authPolicy.codeLifetime,
  password_reset: authPolicy.passwordResetLifetime,
  staff_invite: authPolicy.invitationLifetime,
  member_invite: authPolicy.invitationLifetime,
  /** A link to confirm a member's new address lives as long as a password reset's (issue 28). */
  email_change: authPolicy.passwordResetLifetime,
}

// The user id is part of what is hashed: the same 6 digits for two people never share a hash.
const codeHash = (userId: number, code: string) => hashToken(`${userId}:${code}`)

/** Replaces any live code of this purpose with a new one; the old ones stop working. */
async function issue(options: {
  db: Db
  userId: number
  purpose: OneTimeCodePurpose
  secret: string
  now: Date
}) {
  const { db, userId, purpose, secret, now } = options
  await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)),
    )
  await db.insert(oneTimeCodes).values({
    userId,
    purpose,
    codeHash: codeHash(userId, secret),
    expiresAt: new Date(now.getTime() + lifetimes[purpose]),
    createdAt: now,
  })
}

/** A 6-digit code to e-mail: valid 10 minutes, single use, 5 wrong tries. */
export async function issueCode(options: { db: Db; userId: number; purpose: CodePurpose; now: Date }) {
  const code = sixDigitCode()
  await issue({ ...options, secret: code })
  return code
}

/** A link token to e-mail (reset, invitation): single use, valid for the purpose's lifetime. */
export async function issueLinkToken(options: { db: Db; userId: number; purpose: LinkPurpose; now: Date }) {
  const token = randomToken()
  await issue({ ...options, secret: token })
  return token
}

/** Whose code or link of which purpose is being used, and when. */
interface UseOf<Purpose> {
  db: Db
  userId: number
  purpose: Purpose
  now: Date
}

const expiredCode = () =>
  new AppError('VALIDATION', 'This code has expired. Ask for a new one.', {
    fieldErrors: { code: ['This code has expired. Ask for a new one.'] },
  })

/**
 * Checks a code against the user's live code of this purpose and uses it up. A wrong code counts
 * against the code; at the limit the code is dead and only a new one helps.
 */
export async function consumeCode(options: UseOf<CodePurpose> & { code: string }): Promise<void> {
  const { db, userId, purpose, code, now } = options
  const [live] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)),
    )
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1)
  if (!live || live.expiresAt <= now) throw expiredCode()
  if (live.attempts >= authPolicy.codeMaxWrongAttempts) {
    throw new AppError('TOO_MANY_ATTEMPTS', 'Too many wrong codes. Ask for a new one.')
  }
  if (!sameHash(live.codeHash, codeHash(userId, code))) {
    const [counted] = await db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(eq(oneTimeCodes.id, live.id))
      .returning({ attempts: oneTimeCodes.attempts })
    const left = authPolicy.codeMaxWrongAttempts - (counted?.attempts ?? authPolicy.codeMaxWrongAttempts)
    const message =
      left > 0
        ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : 'Too many wrong codes. Ask for a new one.'
    throw new AppError('VALIDATION', message, { fieldErrors: { code: [message] } })
  }
  // Only one request can use a code: the update claims it only while it is still unused.
  const [claimed] = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.id, live.id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id })
  if (!claimed) throw expiredCode()
}

/** Uses up a link token; answers whether it was live. */
export async function consumeLinkToken(options: UseOf<LinkPurpose> & { token: string }): Promise<boolean> {
  const { db, userId, purpose, token, now } = options
  const [claimed] = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.codeHash, codeHash(userId, token)),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .returning({ id: oneTimeCodes.id })
  return claimed !== undefined
}

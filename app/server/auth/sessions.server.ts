import { and, eq, lt, ne, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { preparedPerDatabase } from '~/db/prepared.server'
import { sessions, users } from '~/db/schema'
import { authPolicy } from './policy'
import { hashToken, randomToken } from './tokens.server'

export type SessionRow = typeof sessions.$inferSelect
export type UserRow = typeof users.$inferSelect

/**
 * Sessions live in the database so any number of app processes share them (DESIGN §3). The cookie
 * carries a 256-bit token; the row's key is its hash.
 */
export async function createSession(options: {
  db: Db
  userId: number
  now: Date
  twoFactorVerified: boolean
  ip?: string | undefined
  userAgent?: string | undefined
}): Promise<{ token: string; session: SessionRow }> {
  const { db, now } = options
  const token = randomToken()
  const [session] = await db
    .insert(sessions)
    .values({
      id: hashToken(token),
      userId: options.userId,
      twoFactorVerifiedAt: options.twoFactorVerified ? now : null,
      ip: options.ip?.slice(0, 64) ?? null,
      userAgent: options.userAgent?.slice(0, 500) ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + authPolicy.sessionAbsoluteTimeout),
    })
    .returning()
  if (!session) throw new Error('The session was not created')
  return { token, session }
}

/**
 * The live session for a cookie token and its user, or undefined when the token is unknown, the
 * session timed out (idle or absolute), or the user was deactivated.
 */
export async function findSession(options: {
  db: Db
  token: string
  now: Date
}): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const { db, token, now } = options
  const [found] = await sessionLookup(db).execute({ id: hashToken(token) })
  if (!found) return undefined
  const { session, user } = found
  const idleSince = now.getTime() - session.lastSeenAt.getTime()
  if (session.expiresAt <= now || idleSince > authPolicy.sessionIdleTimeout || user.deletedAt) {
    await db.delete(sessions).where(eq(sessions.id, session.id))
    return undefined
  }
  if (idleSince > authPolicy.sessionTouchInterval) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id))
    session.lastSeenAt = now
  }
  return { session, user }
}

/** Every API call looks its session up. */
const sessionLookup = preparedPerDatabase((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_lookup'),
)

export async function markSessionTwoFactorVerified(options: { db: Db; sessionId: string; now: Date }) {
  await options.db
    .update(sessions)
    .set({ twoFactorVerifiedAt: options.now })
    .where(eq(sessions.id, options.sessionId))
}

export async function destroySession(options: { db: Db; sessionId: string }) {
  await options.db.delete(sessions).where(eq(sessions.id, options.sessionId))
}

/** Ends every session of a user at once: deactivation, a password change. */
export async function destroyUserSessions(options: { db: Db; userId: number; exceptSessionId?: string }) {
  const { db, userId, exceptSessionId } = options
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    )
}

/** Housekeeping: rows past either timeout. Sign-in never depends on it having run. */
export async function deleteExpiredSessions(options: { db: Db; now: Date }) {
  const { db, now } = options
  const idleCutoff = new Date(now.getTime() - authPolicy.sessionIdleTimeout)
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)))
}

import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { trustedBrowsers } from '~/db/schema'
import { authPolicy } from './policy'
import { hashToken, randomToken } from './tokens.server'

/** "Remember this browser for 30 days": a token in its own cookie that skips the e-mailed code. */
export async function trustBrowser(options: { db: Db; userId: number; now: Date }): Promise<string> {
  const { db, userId, now } = options
  const token = randomToken()
  await db.insert(trustedBrowsers).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + authPolicy.trustedBrowserLifetime),
    createdAt: now,
  })
  return token
}

export async function isTrustedBrowser(options: {
  db: Db
  userId: number
  token: string | undefined
  now: Date
}): Promise<boolean> {
  const { db, userId, token, now } = options
  if (!token) return false
  const [trusted] = await db
    .update(trustedBrowsers)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(trustedBrowsers.tokenHash, hashToken(token)),
        eq(trustedBrowsers.userId, userId),
        gt(trustedBrowsers.expiresAt, now),
      ),
    )
    .returning({ id: trustedBrowsers.id })
  return trusted !== undefined
}

/** A password change or deactivation forgets every browser the user trusted. */
export async function forgetTrustedBrowsers(options: { db: Db; userId: number }) {
  await options.db.delete(trustedBrowsers).where(eq(trustedBrowsers.userId, options.userId))
}

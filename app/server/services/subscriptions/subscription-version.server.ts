import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { subscriptions } from '~/db/schema'
import { AppError } from '~/lib/errors'

type SubscriptionRow = typeof subscriptions.$inferSelect

/** What staff read when their change lost to another one made since they loaded the membership. */
export const changedMeanwhileMessage =
  'Someone else changed this membership meanwhile. Reload it and try again.'

/** The version the caller read must still be the current one (SPEC §3 `version`). */
export function assertSubscriptionVersion(options: { subscription: { version: number }; version: number }) {
  if (options.subscription.version !== options.version)
    throw new AppError('CONFLICT', changedMeanwhileMessage)
}

/**
 * Optimistic lock: the update lands only on the version the caller read, and moves the version on, so
 * of two staff changing one membership at once the second is told to reload rather than overwrite.
 */
export async function updateSubscriptionAtVersion(options: {
  db: Db
  subscription: Pick<SubscriptionRow, 'id' | 'version'>
  values: Partial<SubscriptionRow>
  now: Date
}): Promise<SubscriptionRow> {
  const { db, subscription, now } = options
  const [updated] = await db
    .update(subscriptions)
    .set({ ...options.values, version: sql`${subscriptions.version} + 1`, updatedAt: now })
    .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.version, subscription.version)))
    .returning()
  if (!updated) throw new AppError('CONFLICT', changedMeanwhileMessage)
  return updated
}

import { and, desc, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { priceChangeHistory } from '~/db/schema'

export type PriceChangeHistoryRow = typeof priceChangeHistory.$inferSelect

/** A member's price changes, newest first. */
export async function findPriceChangeHistory(options: { db: Db; organisationId: number; memberId: number }) {
  return options.db
    .select()
    .from(priceChangeHistory)
    .where(
      and(
        eq(priceChangeHistory.userId, options.memberId),
        ownedBy(priceChangeHistory, options.organisationId),
      ),
    )
    .orderBy(desc(priceChangeHistory.createdAt))
}

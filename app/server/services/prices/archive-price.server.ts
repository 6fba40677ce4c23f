import { and, eq, isNull } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { prices } from '~/db/schema'
import { notFound } from '../service-input.server'

/**
 * Takes a price off sale (SPEC §4): new members can no longer choose it and its private links stop
 * working; memberships already on it keep billing at it.
 */
export async function archivePrice(options: {
  db: Db
  now: Date
  organisationId: number
  priceId: number
}): Promise<void> {
  const { db, now, organisationId, priceId } = options
  const where = and(eq(prices.id, priceId), ownedBy(prices, organisationId))
  const [price] = await db.select({ id: prices.id }).from(prices).where(where)
  if (!price) throw notFound('Price')
  await db
    .update(prices)
    .set({ archivedAt: now, updatedAt: now })
    .where(and(where, isNull(prices.archivedAt)))
}

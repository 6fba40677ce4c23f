import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { offerings, prices } from '~/db/schema'
import { notFound, validationError } from '../service-input.server'

/** Puts an archived price back on sale (SPEC §4), unless its offering itself is archived. */
export async function restorePrice(options: {
  db: Db
  now: Date
  organisationId: number
  priceId: number
}): Promise<void> {
  const { db, now, organisationId, priceId } = options
  const [price] = await db
    .select({ id: prices.id, offeringArchivedAt: offerings.archivedAt })
    .from(prices)
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .where(and(eq(prices.id, priceId), ownedBy(prices, organisationId)))
  if (!price) throw notFound('Price')
  if (price.offeringArchivedAt) {
    throw validationError('price', 'The offering is archived, so its prices can’t be restored.')
  }
  await db.update(prices).set({ archivedAt: null, updatedAt: now }).where(eq(prices.id, priceId))
}

import { and, count, eq, or } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { offerings, prices, subscriptions } from '~/db/schema'
import { deleteRefusedMessages } from '~/features/catalogue/contract'
import { AppError } from '~/lib/errors'
import { notFound } from '../service-input.server'

/**
 * Deletes an offering and its prices, hours and links (SPEC §4), only while no membership was ever taken
 * on any of its prices: a membership's history keeps pointing at its price. Otherwise it can be archived.
 */
export async function deleteOffering(options: {
  db: Db
  organisationId: number
  offeringId: number
}): Promise<void> {
  const { db, organisationId, offeringId } = options
  await db.transaction(async (tx) => {
    const [offering] = await tx
      .select({ id: offerings.id })
      .from(offerings)
      .where(and(eq(offerings.id, offeringId), ownedBy(offerings, organisationId)))
      .for('update')
    if (!offering) throw notFound('Offering')
    const [memberships] = await tx
      .select({ count: count() })
      .from(subscriptions)
      .innerJoin(
        prices,
        or(eq(prices.id, subscriptions.priceId), eq(prices.id, subscriptions.transitionToPriceId)),
      )
      .where(eq(prices.offeringId, offeringId))
    if ((memberships?.count ?? 0) > 0) throw new AppError('CONFLICT', deleteRefusedMessages.offering)
    await tx.delete(offerings).where(eq(offerings.id, offeringId))
  })
}

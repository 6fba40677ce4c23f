import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import { deleteRefusedMessages } from '~/contracts/catalogue'
import type { Db } from '~/db/client.server'
import { offerings, prices } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { findPricesInUse } from '../members/members-now.server'
import { notFound } from '../service-input.server'

/**
 * Deletes an offering and its prices, hours and links (SPEC §4), only while no membership was ever taken
 * on any of its prices: a membership's history keeps pointing at its price. Otherwise it can be archived.
 * Answers what happened, in words.
 */
export async function deleteOffering(options: {
  db: Db
  organisationId: number
  offeringId: number
}): Promise<{ message: string }> {
  const { db, organisationId, offeringId } = options
  await db.transaction(async (tx) => {
    const [offering] = await tx
      .select({ id: offerings.id })
      .from(offerings)
      .where(and(eq(offerings.id, offeringId), ownedBy(offerings, organisationId)))
      .for('update')
    if (!offering) throw notFound('Offering')
    const offeringPrices = await tx
      .select({ id: prices.id })
      .from(prices)
      .where(eq(prices.offeringId, offeringId))
    const inUse = await findPricesInUse({ db: tx, priceIds: offeringPrices.map((price) => price.id) })
    if (inUse.size > 0) throw new AppError('CONFLICT', deleteRefusedMessages.offering)
    await tx.delete(offerings).where(eq(offerings.id, offeringId))
  })
  return { message: 'Offering deleted.' }
}

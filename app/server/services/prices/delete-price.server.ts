import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import { deleteRefusedMessages } from '~/contracts/catalogue'
import type { Db } from '~/db/client.server'
import { prices } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { findPricesInUse } from '../members/members-now.server'
import { notFound } from '../service-input.server'

/**
 * Deletes a price and its private links (SPEC §4), only while no membership was ever on it or is moving
 * to it: a membership's payments and history point at their price. Otherwise it can be archived.
 */
export async function deletePrice(options: {
  db: Db
  organisationId: number
  priceId: number
}): Promise<{ message: string }> {
  const { db, organisationId, priceId } = options
  await db.transaction(async (tx) => {
    const [price] = await tx
      .select({ id: prices.id })
      .from(prices)
      .where(and(eq(prices.id, priceId), ownedBy(prices, organisationId)))
      .for('update')
    if (!price) throw notFound('Price')
    const inUse = await findPricesInUse({ db: tx, priceIds: [priceId] })
    if (inUse.size > 0) throw new AppError('CONFLICT', deleteRefusedMessages.price)
    await tx.delete(prices).where(eq(prices.id, priceId))
  })
  return { message: 'Price deleted.' }
}

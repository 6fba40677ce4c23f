import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { offerings } from '~/db/schema'
import { notFound } from '../service-input.server'

/**
 * Puts an archived offering back on sale (SPEC §4): its prices that are not archived themselves are sold
 * again, and their private links work again. Restoring an offering on sale changes nothing.
 */
export async function restoreOffering(options: {
  db: Db
  now: Date
  organisationId: number
  offeringId: number
}): Promise<void> {
  const { db, now, organisationId, offeringId } = options
  const where = and(eq(offerings.id, offeringId), ownedBy(offerings, organisationId))
  const [offering] = await db.select({ archivedAt: offerings.archivedAt }).from(offerings).where(where)
  if (!offering) throw notFound('Offering')
  if (!offering.archivedAt) return
  await db.update(offerings).set({ archivedAt: null, updatedAt: now }).where(where)
}

import { and, eq, isNull } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { offerings } from '~/db/schema'
import { notFound } from '../service-input.server'

/**
 * Takes an offering off sale (SPEC §4): it stops being offered to new members; memberships on its prices
 * carry on and bill as before. Archiving twice keeps the first date.
 */
export async function archiveOffering(options: {
  db: Db
  now: Date
  organisationId: number
  offeringId: number
}): Promise<void> {
  const { db, now, organisationId, offeringId } = options
  const where = and(eq(offerings.id, offeringId), ownedBy(offerings, organisationId))
  const [offering] = await db.select({ id: offerings.id }).from(offerings).where(where)
  if (!offering) throw notFound('Offering')
  await db
    .update(offerings)
    .set({ archivedAt: now, updatedAt: now })
    .where(and(where, isNull(offerings.archivedAt)))
}

import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { offerings, prices } from '~/db/schema'
import { setArchived } from '../catalogue/set-archived.server'
import { validationError } from '../service-input.server'

/** Puts an archived price back on sale (SPEC §4), unless its offering itself is archived. */
export function restorePrice(options: { db: Db; now: Date; organisationId: number; priceId: number }) {
  return setArchived({
    ...options,
    what: 'Price',
    id: options.priceId,
    archived: false,
    check: async (tx, id) => {
      const [price] = await tx
        .select({ offeringArchivedAt: offerings.archivedAt })
        .from(prices)
        .innerJoin(offerings, eq(offerings.id, prices.offeringId))
        .where(eq(prices.id, id))
      if (price?.offeringArchivedAt) {
        throw validationError('price', 'The offering is archived, so its prices can’t be restored.')
      }
    },
  })
}

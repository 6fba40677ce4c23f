import { and, asc, eq, exists, inArray, isNull, or } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import { isFrequencyEnabled } from '~/contracts/price-rules'
import type { Db } from '~/db/client.server'
import { gyms, offeringGyms, offerings, organisations, prices } from '~/db/schema'
import { notFound } from '../service-input.server'

/**
 * What a gym sells, as a visitor sees it before joining (issue 14): its offerings on sale there with
 * their public prices on sale there (the gym's own and the offering-wide ones, in frequencies the
 * organisation offers), cheapest first. Private prices, archived ones and other gyms' stay out.
 */
export async function findJoinOfferings(options: { db: Db; gymUuid: string }) {
  const { db } = options
  const [gym] = await db
    .select({ id: gyms.id, organisationId: gyms.organisationId, frequencies: organisations.priceFrequencies })
    .from(gyms)
    .innerJoin(organisations, eq(organisations.id, gyms.organisationId))
    .where(eq(gyms.uuid, options.gymUuid))
  if (!gym) throw notFound('Gym')
  const onSale = await db
    .select()
    .from(offerings)
    .where(
      and(
        ownedBy(offerings, gym.organisationId),
        isNull(offerings.archivedAt),
        or(
          eq(offerings.allGymsAccess, true),
          exists(
            db
              .select({ gymId: offeringGyms.gymId })
              .from(offeringGyms)
              .where(and(eq(offeringGyms.offeringId, offerings.id), eq(offeringGyms.gymId, gym.id))),
          ),
        ),
      ),
    )
    .orderBy(asc(offerings.name))
  if (onSale.length === 0) return []
  const rows = await db
    .select()
    .from(prices)
    .where(
      and(
        inArray(
          prices.offeringId,
          onSale.map((offering) => offering.id),
        ),
        isNull(prices.archivedAt),
        eq(prices.private, false),
        or(isNull(prices.gymId), eq(prices.gymId, gym.id)),
      ),
    )
    .orderBy(asc(prices.amount), asc(prices.id))
  const sold = rows.filter((price) =>
    isFrequencyEnabled({ frequency: price.billingFrequency, enabled: gym.frequencies }),
  )
  return onSale
    .map((offering) => ({ offering, prices: sold.filter((price) => price.offeringId === offering.id) }))
    .filter((entry) => entry.prices.length > 0)
}

import { and, asc, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import { canSeeOffering, findOfferingGymIds, type OfferingViewer } from '~/access/catalogue.server'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { gyms, offeringGyms, offerings, prices, privatePriceLinks, subscriptions } from '~/db/schema'
import { countMembersNow, findPricesInUse, membersBy } from '../members/members-now.server'
import { notFound } from '../service-input.server'

export type PriceRow = typeof prices.$inferSelect
export type PrivateLinkRow = typeof privatePriceLinks.$inferSelect

/** A price with what its screens show beside it. */
export interface PriceListing {
  price: PriceRow
  offeringName: string
  gym: { id: number; name: string } | null
  /** Memberships ever taken on the price. */
  subscriptionsCount: number
  /** Members on the price now in the viewer's gyms, by the one rule of `countMembersNow`. */
  membersNow: number
  /** A membership was on it or is moving to it: it can be archived, never deleted (`findPricesInUse`). */
  inUse: boolean
  /** Newest first. */
  links: PrivateLinkRow[]
  /** The gym a join link to this price opens at: the price's own, else its offering's only gym. */
  joinGymUuid: string | null
}

/** Prices with their offering's name, as a member's page and the add-member form name them; `where` to follow. */
export function selectNamedPrices(db: Db) {
  return db
    .select({
      id: prices.id,
      amount: prices.amount,
      billingFrequency: prices.billingFrequency,
      offeringName: offerings.name,
    })
    .from(prices)
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
}

export type PriceFilter = { offeringId: number } | { priceId: number } | { archived: boolean | undefined }

/** The organisation's prices matching `filter`, limited to offerings the viewer can see. */
export async function findPrices(options: {
  db: Db
  now: Date
  viewer: OfferingViewer
  filter: PriceFilter
}): Promise<PriceListing[]> {
  const { db, viewer, filter } = options
  const rows = await db
    .select({
      price: prices,
      offeringName: offerings.name,
      allGymsAccess: offerings.allGymsAccess,
      gymName: gyms.name,
      gymUuid: gyms.uuid,
    })
    .from(prices)
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .leftJoin(gyms, eq(gyms.id, prices.gymId))
    .where(and(ownedBy(prices, viewer.organisationId), filterWhere(filter)))
    .orderBy(asc(offerings.name), asc(prices.amount), asc(prices.id))
  const offeringIds = [...new Set(rows.map((row) => row.price.offeringId))]
  const reach = await findOfferingGymIds({ db, offeringIds })
  const visible = rows.filter((row) =>
    canSeeOffering(viewer, {
      allGymsAccess: row.allGymsAccess,
      gymIds: reach.get(row.price.offeringId) ?? [],
    }),
  )
  const ids = visible.map((row) => row.price.id)
  if (ids.length === 0) return []
  const counts = await db
    .select({ priceId: subscriptions.priceId, count: count() })
    .from(subscriptions)
    .where(inArray(subscriptions.priceId, ids))
    .groupBy(subscriptions.priceId)
  const links = await db
    .select()
    .from(privatePriceLinks)
    .where(inArray(privatePriceLinks.priceId, ids))
    .orderBy(desc(privatePriceLinks.createdAt), desc(privatePriceLinks.id))
  const onlyGymUuid = await findOnlyGymUuids({ db, offeringIds })
  // Of the viewer's gyms only (issue 25): a gym admin is told how many of their members are on a price,
  // as their members list counts them, not the whole organisation's.
  const membersNow = membersBy(
    await countMembersNow({
      db,
      organisationId: viewer.organisationId,
      now: options.now,
      priceIds: ids,
      scope: viewer.isOrganisationAdmin
        ? undefined
        : { gymIds: [...viewer.gymIds], wholeOrganisation: false },
    }),
    'priceId',
  )
  const inUse = await findPricesInUse({ db, priceIds: ids })
  return visible.map(({ price, offeringName, gymName, gymUuid }) => ({
    price,
    offeringName,
    gym: price.gymId !== null && gymName !== null ? { id: price.gymId, name: gymName } : null,
    subscriptionsCount: counts.find((entry) => entry.priceId === price.id)?.count ?? 0,
    membersNow: membersNow.get(price.id) ?? 0,
    inUse: inUse.has(price.id),
    links: links.filter((link) => link.priceId === price.id),
    joinGymUuid: gymUuid ?? onlyGymUuid.get(price.offeringId) ?? null,
  }))
}

/** One price as `findPrices` lists it; 404 when the viewer can't see it. */
export async function findPrice(options: { db: Db; now: Date; viewer: OfferingViewer; priceId: number }) {
  const [listing] = await findPrices({ ...options, filter: { priceId: options.priceId } })
  if (!listing) throw notFound('Price')
  return listing
}

function filterWhere(filter: PriceFilter) {
  if ('offeringId' in filter) return eq(prices.offeringId, filter.offeringId)
  if ('priceId' in filter) return eq(prices.id, filter.priceId)
  if (filter.archived === undefined) return undefined
  return filter.archived ? isNotNull(prices.archivedAt) : isNull(prices.archivedAt)
}

/** An offering sold at exactly one gym opens the join site at that gym. */
async function findOnlyGymUuids(options: { db: Db; offeringIds: number[] }): Promise<Map<number, string>> {
  const byOffering = new Map<number, string>()
  if (options.offeringIds.length === 0) return byOffering
  const rows = await options.db
    .select({ offeringId: offeringGyms.offeringId, uuid: gyms.uuid })
    .from(offeringGyms)
    .innerJoin(gyms, eq(gyms.id, offeringGyms.gymId))
    .where(inArray(offeringGyms.offeringId, options.offeringIds))
  const counts = new Map<number, number>()
  for (const row of rows) counts.set(row.offeringId, (counts.get(row.offeringId) ?? 0) + 1)
  for (const row of rows) if (counts.get(row.offeringId) === 1) byOffering.set(row.offeringId, row.uuid)
  return byOffering
}

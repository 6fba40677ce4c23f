import {
  and,
  asc,
  count,
  countDistinct,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { OfferingViewer } from '~/access/catalogue.server'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { escapeLike } from '~/db/like'
import { gyms, offeringGyms, offeringHours, offerings, prices, subscriptions } from '~/db/schema'
import { countMembersNow, membersBy } from '../members/members-now.server'
import { notFound } from '../service-input.server'

export type OfferingRow = typeof offerings.$inferSelect
export type OfferingHoursRow = typeof offeringHours.$inferSelect

/** An offering with the gyms it gives access to and what is on it now. */
export interface OfferingSummary {
  offering: OfferingRow
  gyms: Array<{ id: number; name: string }>
  /** Prices on sale (at one gym: those of that gym and the offering-wide ones). */
  pricesCount: number
  /** Members on it now (`countMembersNow`; at one gym: at that gym). */
  membershipsCount: number
}

export interface OfferingDetail extends OfferingSummary {
  hours: OfferingHoursRow[]
}

/** Which offerings a list covers: those available at one gym, or at any of the viewer's. */
export type OfferingAvailability = { atGym: number } | { forViewer: OfferingViewer }

function availableWhere(db: Db, availability: OfferingAvailability): SQL | undefined {
  if ('forViewer' in availability && availability.forViewer.isOrganisationAdmin) return undefined
  const gymIds = 'atGym' in availability ? [availability.atGym] : [...availability.forViewer.gymIds]
  return or(
    eq(offerings.allGymsAccess, true),
    gymIds.length === 0
      ? sql`false`
      : exists(
          db
            .select({ one: sql`1` })
            .from(offeringGyms)
            .where(and(eq(offeringGyms.offeringId, offerings.id), inArray(offeringGyms.gymId, gymIds))),
        ),
  )
}

/** One page of an organisation's offerings, by name, with their summaries. */
export async function findOfferingPage(options: {
  db: Db
  now: Date
  organisationId: number
  availability: OfferingAvailability
  archived: boolean
  search: string | undefined
  page: number
  perPage: number
}): Promise<{ rows: OfferingSummary[]; total: number }> {
  const { db, availability } = options
  const where = and(
    ownedBy(offerings, options.organisationId),
    options.archived ? isNotNull(offerings.archivedAt) : isNull(offerings.archivedAt),
    options.search ? ilike(offerings.name, `%${escapeLike(options.search)}%`) : undefined,
    availableWhere(db, availability),
  )
  const [totalRow] = await db.select({ total: count() }).from(offerings).where(where)
  const rows = await db
    .select()
    .from(offerings)
    .where(where)
    .orderBy(asc(offerings.name), asc(offerings.id))
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
  const gymId = 'atGym' in availability ? availability.atGym : undefined
  return {
    rows: await summariseOfferings({ db, now: options.now, rows, gymId }),
    total: totalRow?.total ?? 0,
  }
}

/** An offering with its gyms, counts and opening hours. */
export async function findOfferingDetail(options: {
  db: Db
  now: Date
  organisationId: number
  offeringId: number
}): Promise<OfferingDetail> {
  const { db } = options
  const [row] = await db
    .select()
    .from(offerings)
    .where(and(eq(offerings.id, options.offeringId), ownedBy(offerings, options.organisationId)))
  if (!row) throw notFound('Offering')
  const [summary] = await summariseOfferings({ db, now: options.now, rows: [row], gymId: undefined })
  if (!summary) throw notFound('Offering')
  const hours = await db
    .select()
    .from(offeringHours)
    .where(eq(offeringHours.offeringId, row.id))
    .orderBy(asc(offeringHours.day), asc(offeringHours.openAt))
  return { ...summary, hours }
}

/** Summaries with gyms and counts; at one gym, the counts are of that gym's prices and memberships. */
async function summariseOfferings(options: {
  db: Db
  now: Date
  rows: OfferingRow[]
  gymId: number | undefined
}): Promise<OfferingSummary[]> {
  const { db, rows, gymId } = options
  const ids = rows.map((row) => row.id)
  if (ids.length === 0) return []
  const gymRows = await db
    .select({ offeringId: offeringGyms.offeringId, id: gyms.id, name: gyms.name })
    .from(offeringGyms)
    .innerJoin(gyms, eq(gyms.id, offeringGyms.gymId))
    .where(inArray(offeringGyms.offeringId, ids))
    .orderBy(asc(gyms.name))
  const priceCounts = await db
    .select({ offeringId: prices.offeringId, count: count() })
    .from(prices)
    .where(
      and(
        inArray(prices.offeringId, ids),
        isNull(prices.archivedAt),
        gymId === undefined ? undefined : or(isNull(prices.gymId), eq(prices.gymId, gymId)),
      ),
    )
    .groupBy(prices.offeringId)
  const membersNow = membersBy(
    await countMembersNow({
      db,
      organisationId: rows[0]?.organisationId ?? 0,
      now: options.now,
      offeringIds: ids,
      scope: gymId === undefined ? undefined : { gymIds: [gymId], wholeOrganisation: false },
    }),
    'offeringId',
  )
  const countOf = (list: Array<{ offeringId: number; count: number }>, id: number) =>
    list.find((entry) => entry.offeringId === id)?.count ?? 0
  return rows.map((offering) => ({
    offering,
    gyms: gymRows
      .filter((gym) => gym.offeringId === offering.id)
      .map((gym) => ({ id: gym.id, name: gym.name })),
    pricesCount: countOf(priceCounts, offering.id),
    membershipsCount: membersNow.get(offering.id) ?? 0,
  }))
}

/** How many members hold an offering at a gym now (`countMembersNow`), and how many ever held it there. */
export async function countUniqueMemberships(options: {
  db: Db
  now: Date
  organisationId: number
  gymId: number
  offeringId: number
}): Promise<{ total: number; current: number }> {
  const [row] = await options.db
    .select({ total: countDistinct(subscriptions.userId) })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .where(
      and(
        eq(prices.offeringId, options.offeringId),
        eq(subscriptions.gymId, options.gymId),
        eq(subscriptions.isStaging, false),
      ),
    )
  const now = await countMembersNow({
    db: options.db,
    organisationId: options.organisationId,
    now: options.now,
    offeringIds: [options.offeringId],
    scope: { gymIds: [options.gymId], wholeOrganisation: false },
  })
  const current = now.reduce((sum, entry) => sum + entry.members, 0)
  return { total: row?.total ?? 0, current }
}

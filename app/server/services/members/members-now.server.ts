import { and, count, inArray, or, sql } from 'drizzle-orm'
import type { GymScope } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { offerings, prices, subscriptions, users } from '~/db/schema'
import { calendarDateAt } from '~/server/billing/calendar'
import { latestSubscription, memberConditions } from './count-member-states.server'

/**
 * The one rule for "members on an offering (or a price) now", which the offerings list, an offering's
 * prices and gyms, and the dashboard all count with, so their figures add up (issue 13):
 * - a member counts once, for the price and gym of their latest membership (the one the dashboard reads
 *   each member's state from);
 * - while that membership holds: it is not still being assembled at sign-up, and it is not cancelled, or
 *   is cancelled and still running to the end of its paid period. A membership that starts later counts:
 *   the member has joined.
 */
export interface MembersNow {
  offeringId: number
  priceId: number
  /** Null for a membership tied to no gym. */
  gymId: number | null
  members: number
}

const wholeOrganisation: GymScope = { gymIds: [], wholeOrganisation: true }

export async function countMembersNow(options: {
  db: Db
  organisationId: number
  now: Date
  scope?: GymScope
  offeringIds?: readonly number[]
  priceIds?: readonly number[]
}): Promise<MembersNow[]> {
  const { db, organisationId, now, offeringIds, priceIds } = options
  if (offeringIds?.length === 0 || priceIds?.length === 0) return []
  const scope = options.scope ?? wholeOrganisation
  const latest = latestSubscription(db)
  const today = calendarDateAt(now)
  const rows = await db
    .select({
      offeringId: prices.offeringId,
      priceId: prices.id,
      gymId: latest.gymId,
      members: count(),
    })
    .from(users)
    .leftJoinLateral(latest, sql`true`)
    .innerJoin(prices, sql`${prices.id} = ${latest.priceId}`)
    .where(
      and(
        memberConditions({ organisationId, scope, latest }),
        sql`(${latest.cancelledAt} is null or ${latest.currentPeriodEnd} > ${today})`,
        offeringIds ? inArray(prices.offeringId, [...offeringIds]) : undefined,
        priceIds ? inArray(prices.id, [...priceIds]) : undefined,
      ),
    )
    .groupBy(prices.offeringId, prices.id, latest.gymId)
  return rows
}

/** Members per offering now, most first: the dashboard's breakdown, by the same rule as the offerings list. */
export async function findMembersPerOffering(options: {
  db: Db
  organisationId: number
  now: Date
  scope: GymScope
}): Promise<Array<{ name: string; members: number }>> {
  const byOffering = membersBy(await countMembersNow(options), 'offeringId')
  if (byOffering.size === 0) return []
  const named = await options.db
    .select({ id: offerings.id, name: offerings.name })
    .from(offerings)
    .where(inArray(offerings.id, [...byOffering.keys()]))
  return named
    .map((offering) => ({ name: offering.name, members: byOffering.get(offering.id) ?? 0 }))
    .sort((a, b) => b.members - a.members || a.name.localeCompare(b.name))
}

/** Sums `members` by a key of the rows (e.g. per offering, per price, per gym). */
export function membersBy(rows: readonly MembersNow[], key: 'offeringId' | 'priceId' | 'gymId') {
  const totals = new Map<number, number>()
  for (const row of rows) {
    const value = row[key]
    if (value !== null) totals.set(value, (totals.get(value) ?? 0) + row.members)
  }
  return totals
}

/**
 * Prices a membership was ever on or is moving to: such a price (and its offering) can only be archived,
 * never deleted, since the membership's payments and history point at it. The delete services and the
 * screens that offer Delete both ask this.
 */
export async function findPricesInUse(options: {
  db: Db
  priceIds: readonly number[]
}): Promise<Set<number>> {
  if (options.priceIds.length === 0) return new Set()
  const ids = [...options.priceIds]
  const rows = await options.db
    .selectDistinct({ priceId: subscriptions.priceId, movingTo: subscriptions.transitionToPriceId })
    .from(subscriptions)
    .where(or(inArray(subscriptions.priceId, ids), inArray(subscriptions.transitionToPriceId, ids)))
  const inUse = new Set<number>()
  for (const row of rows) {
    if (ids.includes(row.priceId)) inUse.add(row.priceId)
    if (row.movingTo !== null && ids.includes(row.movingTo)) inUse.add(row.movingTo)
  }
  return inUse
}

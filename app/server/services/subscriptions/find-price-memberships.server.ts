import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { GymScope } from '~/access/scope.server'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { gyms, prices, subscriptions, users } from '~/db/schema'
import { calendarDateAt } from '~/server/billing/calendar'

/** The most memberships the bulk price change lists at once. */
export const MAX_PRICE_MEMBERSHIPS = 2000

/**
 * The running memberships on a price in the caller's gyms (not cancelled, not still being assembled at
 * sign-up), by member name: what the bulk price change offers to move.
 */
export async function findPriceMemberships(options: {
  db: Db
  organisationId: number
  scope: GymScope
  priceId: number
  now: Date
}) {
  const { db, organisationId, scope, priceId } = options
  const today = calendarDateAt(options.now)
  const rows = await db
    .select({
      subscription: subscriptions,
      member: { id: users.id, name: users.name },
      gym: { id: gyms.id, name: gyms.name },
      priceAmount: prices.amount,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .leftJoin(gyms, eq(gyms.id, subscriptions.gymId))
    .where(
      and(
        ownedBy(subscriptions, organisationId),
        eq(subscriptions.priceId, priceId),
        eq(subscriptions.isStaging, false),
        isNull(subscriptions.cancelledAt),
        isNull(users.deletedAt),
        scope.wholeOrganisation
          ? undefined
          : scope.gymIds.length === 0
            ? sql`false`
            : inArray(subscriptions.gymId, scope.gymIds),
      ),
    )
    .orderBy(asc(users.name), asc(subscriptions.id))
    .limit(MAX_PRICE_MEMBERSHIPS)
  return rows.map((row) => ({
    subscription_id: row.subscription.id,
    version: row.subscription.version,
    member: row.member,
    gym: row.gym?.id != null ? row.gym : null,
    amount: row.subscription.forcePriceAmount ?? row.priceAmount,
    current_period_end: row.subscription.currentPeriodEnd,
    term_ends_at: row.subscription.termEndsAt,
    within_term: row.subscription.termEndsAt !== null && row.subscription.termEndsAt > today,
    price_change_scheduled: row.subscription.transitionToPriceId !== null,
  }))
}

import { asc, count, eq, sql } from 'drizzle-orm'
import type { GymScope } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { gyms, offerings, prices, users } from '~/db/schema'
import {
  latestSubscription,
  memberConditions,
  stateColumns,
} from '~/server/services/members/count-member-states.server'

/**
 * One page of the members in scope, by name, each with their latest membership, its gym, price and
 * offering (the active-user debug view, SPEC §2.2).
 */
export async function findActiveUserPage(options: {
  db: Db
  organisationId: number
  scope: GymScope
  page: number
  perPage: number
}) {
  const { db, organisationId, scope, page, perPage } = options
  const latest = latestSubscription(db)
  const where = memberConditions({ organisationId, scope, latest })
  const [found, [totalRow]] = await readTogether(db, [
    () =>
      db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          sub: {
            id: latest.id,
            ...stateColumns(latest),
            periodsOwing: latest.periodsOwing,
            forcePriceAmount: latest.forcePriceAmount,
          },
          gym: { id: gyms.id, name: gyms.name },
          price: { amount: prices.amount, billingFrequency: prices.billingFrequency },
          offeringName: offerings.name,
        })
        .from(users)
        .leftJoinLateral(latest, sql`true`)
        .leftJoin(gyms, eq(gyms.id, latest.gymId))
        .leftJoin(prices, eq(prices.id, latest.priceId))
        .leftJoin(offerings, eq(offerings.id, prices.offeringId))
        .where(where)
        .orderBy(asc(users.name), asc(users.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
    () =>
      scope.wholeOrganisation
        ? db.select({ total: count() }).from(users).where(where)
        : db.select({ total: count() }).from(users).leftJoinLateral(latest, sql`true`).where(where),
  ])

  return { rows: found, total: totalRow?.total ?? 0 }
}

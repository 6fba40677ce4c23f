import { and, asc, eq, or } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { gyms, organisations } from '~/db/schema'
import { bankAccountAt, cardAccountAt, outerGymId, priceOnSaleAt } from './gym-on-join-site.server'

/**
 * Every gym a person can join, by organisation and name: the join site's public gym list. Only gyms
 * that can sell (issue 25): a price on sale there and a bank account or card account to be paid into
 * (`gym-on-join-site.server.ts`).
 */
export async function findJoinGyms(options: { db: Db }) {
  return options.db
    .select({ uuid: gyms.uuid, name: gyms.name, logo: gyms.logo, organisationName: organisations.name })
    .from(gyms)
    .innerJoin(organisations, eq(organisations.id, gyms.organisationId))
    .where(and(priceOnSaleAt(outerGymId), or(bankAccountAt(outerGymId), cardAccountAt(outerGymId))))
    .orderBy(asc(organisations.name), asc(gyms.name))
}

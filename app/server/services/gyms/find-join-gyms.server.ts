import { asc, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { gyms, organisations } from '~/db/schema'

/** Every gym a person can join, by organisation and name: the join site's public gym list. */
export async function findJoinGyms(options: { db: Db }) {
  return options.db
    .select({ uuid: gyms.uuid, name: gyms.name, logo: gyms.logo, organisationName: organisations.name })
    .from(gyms)
    .innerJoin(organisations, eq(organisations.id, gyms.organisationId))
    .orderBy(asc(organisations.name), asc(gyms.name))
}

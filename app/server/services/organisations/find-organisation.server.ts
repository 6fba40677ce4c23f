import { desc, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { ageBypassLinks, organisations } from '~/db/schema'
import { notFound } from '../service-input.server'

export type AgeBypassLinkRow = typeof ageBypassLinks.$inferSelect

/** The organisation and its settings. */
export async function findOrganisation(options: { db: Db; organisationId: number }) {
  const [row] = await options.db
    .select()
    .from(organisations)
    .where(eq(organisations.id, options.organisationId))
  if (!row) throw notFound('Organisation')
  return row
}

/** The organisation's newest age-bypass links (at most 50: the settings screen lists recent ones). */
export async function findAgeBypassLinks(options: { db: Db; organisationId: number }) {
  return options.db
    .select()
    .from(ageBypassLinks)
    .where(ownedBy(ageBypassLinks, options.organisationId))
    .orderBy(desc(ageBypassLinks.createdAt), desc(ageBypassLinks.id))
    .limit(50)
}

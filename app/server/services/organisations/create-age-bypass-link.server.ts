import type { Db } from '~/db/client.server'
import { ageBypassLinks } from '~/db/schema'
import { newJoinLinkToken } from '../join-links/join-link-token.server'

export type AgeBypassLinkRow = typeof ageBypassLinks.$inferSelect

/**
 * A single-use link that lets one applicant under the minimum age through the join flow (ADR 013).
 */
export async function createAgeBypassLink(options: {
  db: Db
  now: Date
  organisationId: number
  createdByUserId: number | null
}): Promise<AgeBypassLinkRow> {
  const [link] = await options.db
    .insert(ageBypassLinks)
    .values({
      organisationId: options.organisationId,
      token: newJoinLinkToken(),
      createdByUserId: options.createdByUserId,
      createdAt: options.now,
    })
    .returning()
  if (!link) throw new Error('Inserting the age-bypass link returned no row')
  return link
}

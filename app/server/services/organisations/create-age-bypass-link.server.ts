import { randomBytes } from 'node:crypto'
import type { Db } from '~/db/client.server'
import { ageBypassLinks } from '~/db/schema'

export type AgeBypassLinkRow = typeof ageBypassLinks.$inferSelect

/**
 * A single-use link that lets one applicant under the minimum age through the join flow (ADR 013). The
 * token is the only secret: 192 random bits, so links cannot be guessed or enumerated.
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
      token: randomBytes(24).toString('base64url'),
      createdByUserId: options.createdByUserId,
      createdAt: options.now,
    })
    .returning()
  if (!link) throw new Error('Inserting the age-bypass link returned no row')
  return link
}

import { and, asc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm'
import { type GymScope, ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { offeringGyms, offerings, users } from '~/db/schema'

/** The most tags the filter offers (the most used first would need a count; by name is enough). */
const MAX_TAGS = 200

/**
 * What the members list's filters offer: the offerings at the caller's gyms (archived ones too: members
 * may still be on them) and the tags the organisation's members carry.
 */
export async function findMemberFilterOptions(options: { db: Db; organisationId: number; scope: GymScope }) {
  const { db, organisationId, scope } = options
  const atScope = scope.wholeOrganisation
    ? undefined
    : scope.gymIds.length === 0
      ? sql`false`
      : or(
          eq(offerings.allGymsAccess, true),
          exists(
            db
              .select({ one: sql`1` })
              .from(offeringGyms)
              .where(
                and(eq(offeringGyms.offeringId, offerings.id), inArray(offeringGyms.gymId, scope.gymIds)),
              ),
          ),
        )
  const [offeringRows, tagRows] = await readTogether(db, [
    () =>
      db
        .select({ id: offerings.id, name: offerings.name })
        .from(offerings)
        .where(and(ownedBy(offerings, organisationId), atScope))
        .orderBy(asc(offerings.name), asc(offerings.id)),
    () =>
      db
        .selectDistinct({ tag: sql<string>`unnest(${users.tags})` })
        .from(users)
        .where(and(ownedBy(users, organisationId), eq(users.isStaff, false), isNull(users.deletedAt)))
        .orderBy(sql`1`)
        .limit(MAX_TAGS),
  ])
  return { offerings: offeringRows, tags: tagRows.map((row) => row.tag) }
}

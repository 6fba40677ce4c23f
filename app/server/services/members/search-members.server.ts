import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { SEARCH_LIMIT, type SearchResult } from '~/features/shell/contract'
import type { GymScope } from '~/server/api/authorise'
import { latestSubscription, memberConditions } from './count-member-states.server'

/** `%`, `_` and `\` typed by someone are literal characters, not LIKE wildcards. */
function likePattern(query: string) {
  return `%${query.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/**
 * Matches looked at for ranking. A short query can match tens of thousands of members; ranking all of
 * them by similarity costs ~100 ms on 100,000 members, so the closest are picked from the first few
 * hundred matches instead (a longer query, which matches fewer, is ranked in full).
 */
const CANDIDATES = 200

/**
 * The global search (SPEC §2.4): members of the caller's organisation and gyms whose name or e-mail
 * contains the query, through the trigram indexes `users_name_trgm_idx` and `users_email_trgm_idx`,
 * closest first (trigram similarity), at most SEARCH_LIMIT. A member belongs to their latest
 * membership's gym, else their home gym, as on the debug views.
 */
export async function searchMembers(options: {
  db: Db
  organisationId: number
  scope: GymScope
  query: string
}): Promise<SearchResult[]> {
  const { db, organisationId, scope, query } = options
  const pattern = likePattern(query)
  const matches = or(sql`${users.name} ilike ${pattern}`, sql`${users.email} ilike ${pattern}`)
  const columns = { id: users.id, name: users.name, email: users.email }

  // With a LIMIT the planner prefers reading the table in order until enough rows match, which for a
  // rare query means evaluating two ILIKEs on every member (tens of milliseconds at 100,000 members);
  // the trigram indexes find the matches in a few. `set local` keeps the hint to this transaction.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    const candidates = scope.wholeOrganisation
      ? tx
          .select(columns)
          .from(users)
          .where(
            and(
              eq(users.organisationId, organisationId),
              eq(users.isStaff, false),
              isNull(users.deletedAt),
              matches,
            ),
          )
          .limit(CANDIDATES)
          .as('candidates')
      : (() => {
          const latest = latestSubscription(tx)
          return tx
            .select(columns)
            .from(users)
            .leftJoinLateral(latest, sql`true`)
            .where(and(memberConditions({ organisationId, scope, latest }), matches))
            .limit(CANDIDATES)
            .as('candidates')
        })()
    const closeness = sql`greatest(similarity(${candidates.name}, ${query}), similarity(${candidates.email}, ${query}))`
    return tx
      .select({ id: candidates.id, name: candidates.name, email: candidates.email })
      .from(candidates)
      .orderBy(desc(closeness), asc(candidates.name), asc(candidates.id))
      .limit(SEARCH_LIMIT)
  })
}

import { sql } from 'drizzle-orm'
import { SEARCH_LIMIT, type SearchResult } from '~/contracts/shell'
import type { Db } from '~/db/client.server'
import { escapeLike } from '~/db/like'
import { preparedPerDatabase } from '~/db/prepared.server'
import { toSearchKey } from '~/db/search-key'

/**
 * The global search (SPEC §2.4, ADR 015): members of the caller's organisation, and of the caller's
 * gyms unless they are an organisation admin, whose name or e-mail contains the text typed (any case),
 * at most SEARCH_LIMIT. Those whose name starts with it come first, then those whose surname does, then
 * those whose e-mail does, then the rest; alphabetical within each. (Of more than ten that only contain
 * it, the newest are shown, then the first the table gives.)
 *
 * One statement in the SQL function `member_search` (migration 0009: a PL/pgSQL function keeps its
 * statement's generic plan, which a prepared statement would not reliably do), each part of it bounded
 * whatever the text:
 * - the three "starts with" lists are ranges read in order from their indexes and stop at ten;
 * - if they found fewer than ten, the newest 2,000 members are read from an index alone and searched
 *   there (a common piece of a name is found without touching the rest);
 * - if that still found fewer than ten, the text is rare enough for the trigram index to answer
 *   cheaply; rows stop being read at ten in the caller's gyms. Trigrams come from the name and the e-mail's local part only
 *   (the domain is shared by thousands and its trigrams would make every look-up long), with the
 *   words joined, so a piece typed across a space is looked up by its own trigrams.
 * A text with no trigram at all (say `ab`) is looked for among the starts and the newest members only.
 *
 * A member belongs to their latest membership's gym, else their home gym (as on the dashboard). The
 * caller's gyms are read here, by the rule `requireStaff` applies: an organisation admin sees the
 * whole organisation, anyone else the gyms of their `staff_gym_roles` in it.
 */
export async function searchMembers(options: {
  db: Db
  caller: { userId: number; organisationId: number; isOrganisationAdmin: boolean }
  query: string
}): Promise<Array<Omit<SearchResult, 'profile_picture'> & { profilePicture: string | null }>> {
  const { db, caller } = options
  const text = options.query.toLowerCase()
  return preparedSearch(db).execute({
    organisationId: caller.organisationId,
    userId: caller.userId,
    wholeOrganisation: caller.isOrganisationAdmin,
    text,
    rangeStart: text,
    rangeEnd: prefixRangeEnd(text),
    trigramPattern: trigramPattern(text),
  })
}

/**
 * The first text after every text starting with `prefix`, in byte order (collation "C", where UTF-8
 * sorts by code point): the prefix with its last character moved on by one, skipping the surrogates
 * (no character) and carrying past the last code point.
 */
export function prefixRangeEnd(prefix: string): string {
  const characters = [...prefix]
  while (characters.length > 0) {
    const last = characters.pop()?.codePointAt(0) ?? 0
    if (last < 0x10ffff) {
      const next = last + 1 === 0xd800 ? 0xe000 : last + 1
      return characters.join('') + String.fromCodePoint(next)
    }
  }
  // Nothing but the last code point: every text from the prefix on.
  return '\u{10FFFF}'.repeat(prefix.length + 1)
}

/**
 * The LIKE pattern the trigram index is asked with, or null when it could not narrow anything down.
 * The index holds the search key (`app/db/search-key.ts`): the name and the e-mail's local part with
 * the characters between words turned into `0`, so the text is spelt the same way. pg_trgm takes
 * trigrams from the runs of letters and digits, padding a run's start with two spaces and its end with
 * one where it meets another character rather than the pattern's `%`; a run of one letter yields only
 * trigrams such as "  m", which half the members share, so at least two letters or digits are asked
 * for. Text after an `@` is in the e-mail's domain, which the key leaves out.
 */
export function trigramPattern(text: string): string | null {
  const at = text.indexOf('@')
  const local = toSearchKey(at === -1 ? text : text.slice(0, at))
  const useful = [...local.matchAll(/[\p{L}\p{N}]+/gu)].some((run) => {
    const length = [...run[0]].length
    const start = run.index
    const end = start + run[0].length
    const padding = (start > 0 ? 2 : 0) + (end < local.length ? 1 : 0)
    return length >= 2 && length + padding >= 3
  })
  return useful ? `%${escapeLike(local)}%` : null
}

const preparedSearch = preparedPerDatabase((db) =>
  db
    .select({
      id: sql<number>`found.id`,
      name: sql<string>`found.name`,
      email: sql<string>`found.email`,
      // The member's photo (issue 14), by primary key for the few rows found.
      profilePicture: sql<string | null>`(select u.profile_picture from users u where u.id = found.id)`,
    })
    .from(
      sql`member_search(
        ${sql.placeholder('organisationId')}::integer, ${sql.placeholder('userId')}::integer,
        ${sql.placeholder('wholeOrganisation')}::boolean, ${sql.placeholder('text')}::text,
        ${sql.placeholder('rangeStart')}::text, ${sql.placeholder('rangeEnd')}::text,
        ${sql.placeholder('trigramPattern')}::text
      ) with ordinality as found (id, name, email, position)`,
    )
    .orderBy(sql`found.position`)
    .limit(SEARCH_LIMIT)
    .prepare('member_search'),
)

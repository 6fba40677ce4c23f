import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { preparedPerDatabase } from '~/db/prepared.server'
import { SEARCH_LIMIT, type SearchResult } from '~/features/shell/contract'

/**
 * The global search (SPEC §2.4, ADR 015): members of the caller's organisation, and of the caller's
 * gyms unless they are an organisation admin, whose name or e-mail contains the text typed (any case),
 * at most SEARCH_LIMIT. Those whose name starts with it come first, then those whose surname does, then
 * those whose e-mail does, then the rest; alphabetical within each.
 *
 * One prepared statement, each part of it bounded whatever the text:
 * - the three "starts with" lists are ranges read in order from their indexes and stop at ten;
 * - if they found fewer than ten, the newest RECENT_WINDOW members are read from an index alone and
 *   searched there (a common piece of a name is found without touching the rest);
 * - if that still found fewer than ten, the text is rare enough for the trigram index to answer
 *   cheaply, and it finds every match. Trigrams come from the name and the e-mail's local part only:
 *   the domain is shared by thousands and its trigrams would make every look-up long.
 * A text with no trigram at all (say `r m`) is looked for among the starts and the newest members only.
 *
 * A member belongs to their latest membership's gym, else their home gym (as on the dashboard). The
 * caller's gyms are read here, by the rule `requireStaff` applies: an organisation admin sees the
 * whole organisation, anyone else the gyms of their `staff_gym_roles` in it.
 */
export async function searchMembers(options: {
  db: Db
  caller: { userId: number; organisationId: number; isOrganisationAdmin: boolean }
  query: string
}): Promise<SearchResult[]> {
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

/** How many of the newest members are searched one by one before the trigram index is asked. */
const RECENT_WINDOW = 2000

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
 * pg_trgm takes trigrams from the runs of letters and digits, padding a run's start with two spaces
 * and its end with one where it meets another character rather than the pattern's `%`; a run of one
 * letter yields only trigrams such as "  m", which half the members share, so at least two letters
 * or digits are asked for. Text after an `@` is in the e-mail's domain, which the index leaves out.
 */
export function trigramPattern(text: string): string | null {
  const at = text.indexOf('@')
  const local = at === -1 ? text : text.slice(0, at)
  const useful = [...local.matchAll(/[\p{L}\p{N}]+/gu)].some((run) => {
    const length = [...run[0]].length
    const start = run.index
    const end = start + run[0].length
    const padding = (start > 0 ? 2 : 0) + (end < local.length ? 1 : 0)
    return length >= 2 && length + padding >= 3
  })
  return useful ? `%${escapeLike(local)}%` : null
}

/** `%`, `_` and `\` typed by someone are literal characters, not LIKE wildcards. */
function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

const preparedSearch = preparedPerDatabase(prepareSearch)

function prepareSearch(db: Db) {
  const organisationId = sql.placeholder('organisationId')
  const text = sql.placeholder('text')
  const rangeStart = sql.placeholder('rangeStart')
  const rangeEnd = sql.placeholder('rangeEnd')
  const member = sql`u.organisation_id = ${organisationId} and not u.is_staff and u.deleted_at is null`
  const inScope = sql`(
    ${sql.placeholder('wholeOrganisation')}::boolean
    or coalesce(
      (select s.gym_id from subscriptions s where s.user_id = u.id and not s.is_staging
       order by s.created_at desc, s.id desc limit 1),
      u.home_gym_id
    ) in (select gym_id from scope)
  )`
  const name = sql`(lower(u.name) collate "C")`
  const surname = sql`(regexp_replace(lower(u.name), '^.*\\s', '') collate "C")`
  const email = sql`(lower(u.email) collate "C")`
  const limit = sql.raw(String(SEARCH_LIMIT))
  const columns = sql`u.id, u.name, u.email, u.search_text`
  // Each list is read only while those before it found fewer than ten different members.
  const fewerThanTen = (...lists: string[]) =>
    sql.raw(
      `(select count(*) from (${lists.map((list) => `select id from ${list}`).join(' union ')}) found) < ${SEARCH_LIMIT}`,
    )
  const startsWith = (column: typeof name, rank: number, before: string[]) => sql`
    select ${columns}, ${sql.raw(String(rank))} as rank from users u
    where ${member} and ${column} >= ${rangeStart}::text and ${column} < ${rangeEnd}::text
      and ${before.length > 0 ? fewerThanTen(...before) : sql`true`} and ${inScope}
    order by ${column} limit ${limit}`
  const found = sql`(
    with
      scope as (
        select r.gym_id
        from staff_gym_roles r join gyms g on g.id = r.gym_id and g.organisation_id = r.organisation_id
        where r.user_id = ${sql.placeholder('userId')} and r.organisation_id = ${organisationId}
      ),
      by_name as (${startsWith(name, 0, [])}),
      by_surname as (${startsWith(surname, 1, ['by_name'])}),
      by_email as (${startsWith(email, 2, ['by_name', 'by_surname'])}),
      recent as (
        select ${columns}, 3 as rank from (
          select u.id, u.home_gym_id, u.search_text from users u
          where ${member} and ${fewerThanTen('by_name', 'by_surname', 'by_email')}
          order by u.created_at desc nulls last, u.id desc nulls last
          limit ${sql.raw(String(RECENT_WINDOW))}
        ) newest
        join users u on u.id = newest.id
        where strpos(newest.search_text, ${text}::text) > 0 and ${inScope}
        limit ${limit}
      ),
      rare as (
        select u.id, u.name, u.email, u.search_text, 3 as rank from (
          select ${columns}, u.home_gym_id from users u
          where ${member}
            and u.search_key like ${sql.placeholder('trigramPattern')}::text
            and strpos(u.search_text, ${text}::text) > 0
            and ${fewerThanTen('by_name', 'by_surname', 'by_email', 'recent')}
          order by u.search_text collate "C"
          offset 0 -- sorted first, so the gym of only as many as needed is looked up
        ) u
        where ${inScope}
        limit ${limit}
      )
    select distinct on (id) * from (
      select * from by_name union all select * from by_surname union all select * from by_email
      union all select * from recent union all select * from rare
    ) matches
    order by id, rank
  ) found`
  return db
    .select({ id: sql<number>`found.id`, name: sql<string>`found.name`, email: sql<string>`found.email` })
    .from(found)
    .orderBy(sql`found.rank`, sql`found.search_text collate "C"`, sql`found.id`)
    .limit(SEARCH_LIMIT)
    .prepare('member_search')
}

import { and, asc, count, desc, eq, gt, gte, inArray, isNull, like, lt, or, type SQL, sql } from 'drizzle-orm'
import { type GymScope, inGymScope } from '~/access/scope.server'
import type { MemberSort, ParsedMemberFilters } from '~/contracts/members'
import type { Db } from '~/db/client.server'
import { escapeLike } from '~/db/like'
import { readTogether } from '~/db/read-together.server'
import { gyms, memberCounts, memberSummaries, offerings, prices, users } from '~/db/schema'
import { addDays, calendarDateAt, instantAt } from '~/server/billing/calendar'
import { memberStateCondition, notActiveCondition } from './member-state-conditions.server'

/**
 * The members list (issue 15): the members in scope with their latest membership (its gym, else their
 * home gym; its offering and price; its state columns), their last successful visit and when they
 * joined, filtered and sorted in SQL so a page is one query and the export reads the same rows in
 * batches. `scope` is the caller's (`gymScope`, the gym filter applied).
 */
export interface MemberListOptions {
  db: Db
  organisationId: number
  scope: GymScope
  filters: Omit<ParsedMemberFilters, 'gym_id'>
  now: Date
}

/**
 * The list reads `member_summaries` (ADR 026): one row per member with their latest membership's state
 * columns, gym, price, offering, balance and last visit, kept by triggers. Filters and sorts are
 * conditions on that one table, each with its index; the page joins the member, gym, price and offering
 * for its 25 rows only, and the count reads the summaries alone.
 */
const summary = memberSummaries

function listConditions(options: MemberListOptions & { extra?: SQL }) {
  const { organisationId, scope, filters, now } = options
  const today = calendarDateAt(now)
  const conditions: Array<SQL | undefined> = [eq(summary.organisationId, organisationId), options.extra]
  const inScope = inGymScope(summary.gymId, scope)
  if (inScope) conditions.push(inScope)
  if (filters.search) {
    // The trigram index answers any piece of three characters or more; shorter ones read the names.
    conditions.push(like(summary.searchText, `%${escapeLike(filters.search.toLowerCase())}%`))
  }
  if (filters.state) {
    conditions.push(memberStateCondition({ state: filters.state, latest: summaryStateColumns, today }))
  }
  if (filters.offering_id !== undefined) conditions.push(eq(summary.offeringId, filters.offering_id))
  if (filters.tag) {
    // `<> '{}'` says what `@>` implies, so the partial indexes of tagged members apply.
    conditions.push(sql`${summary.tags} <> '{}'::text[] and ${summary.tags} @> array[${filters.tag}]::text[]`)
  }
  if (filters.joined_from) conditions.push(gte(summary.joinedAt, instantAt(filters.joined_from)))
  if (filters.joined_to) conditions.push(lt(summary.joinedAt, instantAt(addDays(filters.joined_to, 1))))
  if (filters.not_visited_days !== undefined) {
    // No successful visit on any of the last N days, today included.
    const since = instantAt(addDays(today, -(filters.not_visited_days - 1)))
    conditions.push(or(isNull(summary.lastVisitAt), lt(summary.lastVisitAt, since)))
  }
  if (filters.owing === true) conditions.push(gt(summary.balanceOwing, 0))
  if (filters.owing === false) conditions.push(eq(summary.balanceOwing, 0))
  return and(...conditions)
}

/** The summary's copy of the state columns, under the names the state conditions read. */
const summaryStateColumns = {
  id: summary.subscriptionId,
  startDate: summary.startDate,
  currentPeriodStart: summary.currentPeriodStart,
  currentPeriodEnd: summary.currentPeriodEnd,
  cancelledAt: summary.cancelledAt,
  undoCancellationUntil: summary.undoCancellationUntil,
  gracePeriodEndsAt: summary.gracePeriodEndsAt,
  pauseStartAt: summary.pauseStartAt,
  pauseEndAt: summary.pauseEndAt,
  upcomingState: summary.upcomingState,
  balanceOwing: summary.balanceOwing,
}

/**
 * A member whose latest membership has a column set that only the rare states set (or none at all): the
 * predicate of `member_summaries_rare_states_idx`, written as the index is so the planner matches it. A
 * member it leaves out is active, unless their membership starts after today.
 */
const rareStateFlagged = sql`(${summary.subscriptionId} is null or ${summary.pauseStartAt} is not null or ${summary.cancelledAt} is not null or ${summary.gracePeriodEndsAt} is not null or ${summary.upcomingState} is not null)`

/**
 * Each sort in the order of its index (`member_summaries_*_idx`); ties by name, then id. With `unindexed`
 * the same order is written as expressions no index provides (`name || ''`, `id + 0`): PostgreSQL then
 * finds the few matching members through their filter's index and sorts them, instead of walking the
 * sort's index past every member who does not match (which it does when it misjudges how few match).
 */
const orderFor = (sort: MemberSort, options: { unindexed?: boolean } = {}) => {
  const descending = sort.startsWith('-')
  const direction = descending ? desc : asc
  const plain = !options.unindexed
  const name = plain ? summary.name : sql`(${summary.name} || '')`
  const userId = plain ? summary.userId : sql`(${summary.userId} + 0)`
  switch (sort.replace('-', '') as 'name' | 'joined' | 'last_visit' | 'balance') {
    case 'name':
      return [direction(name), direction(userId)]
    case 'joined':
      return [
        direction(plain ? summary.joinedAt : sql`(${summary.joinedAt} + interval '0 seconds')`),
        direction(userId),
      ]
    case 'last_visit': {
      const lastVisit = plain ? summary.lastVisitAt : sql`(${summary.lastVisitAt} + interval '0 seconds')`
      return [
        descending ? sql`${lastVisit} desc nulls last` : sql`${lastVisit} asc nulls first`,
        asc(name),
        asc(userId),
      ]
    }
    case 'balance':
      return [
        direction(plain ? summary.balanceOwing : sql`(${summary.balanceOwing} + 0)`),
        asc(name),
        asc(userId),
      ]
  }
}

/** At most this many matches are sorted as a set rather than read in the sort's index order. */
const SORT_MATCHES_BELOW = 5000

/**
 * Up to this many members matching a search are sorted as a set when the sort follows their names
 * (`nameClusters`): a search for a first name matches members who sit together in the name's order, so
 * walking the name's index to them can pass most members first (a tenth of 100,000 sharing "Aroha"
 * from the far end: 90,000 summaries read, ~0.5 s). The trigram index finds the 10,000 instead.
 */
const SORT_SEARCH_MATCHES_BELOW = 25_000

/**
 * A search the trigram index answers (three characters or more: a shorter piece has no trigram, so its
 * matches would be read from every summary) with a sort that orders most members by name (the name's,
 * or the balance's: most owe 0).
 */
const nameClusters = (filters: MemberListOptions['filters']) =>
  filters.search !== undefined &&
  filters.search.length >= 3 &&
  ['name', '-name', 'balance'].includes(filters.sort)

/** The list's members in its order (the sort's own index), as ids only: what the export's cursor reads. */
function selectMemberIds(options: MemberListOptions) {
  return options.db
    .select({ userId: summary.userId })
    .from(summary)
    .where(listConditions(options))
    .orderBy(...orderFor(options.filters.sort))
}

/**
 * The rows from `offset` on, at most `limit`: the page's members are found in the summaries alone (an
 * index read in the sort's order, skipping `offset` entries without joining anything), then joined to
 * the member, gym, price and offering. With `userIds` (a batch of the export's), those members instead.
 */
function selectRows(
  options: MemberListOptions & { db?: Db; fewMatches?: boolean } & (
      | { limit: number; offset: number }
      | { userIds: number[] }
    ),
) {
  const db = options.db
  const order = orderFor(options.filters.sort)
  const page = (
    'userIds' in options
      ? db.select({ userId: summary.userId }).from(summary).where(inArray(summary.userId, options.userIds))
      : db
          .select({ userId: summary.userId })
          .from(summary)
          .where(listConditions(options))
          .orderBy(...orderFor(options.filters.sort, { unindexed: options.fewMatches }))
          .limit(options.limit)
          .offset(options.offset)
  ).as('page')
  return db
    .select({
      id: summary.userId,
      name: summary.name,
      email: users.email,
      mobileNumber: users.mobileNumber,
      profilePicture: users.profilePicture,
      // For the export, to those who see them on the member's page (`seesPersonalDetails`).
      personal: {
        dob: users.dob,
        address: users.address,
        suburb: users.suburb,
        city: users.city,
        postCode: users.postCode,
      },
      tags: summary.tags,
      joinedAt: summary.joinedAt,
      lastVisitAt: summary.lastVisitAt,
      sub: { ...summaryStateColumns, forcePriceAmount: summary.forcePriceAmount },
      gym: { id: gyms.id, name: gyms.name },
      offering: { id: offerings.id, name: offerings.name },
      price: { id: prices.id, amount: prices.amount, billingFrequency: prices.billingFrequency },
    })
    .from(page)
    .innerJoin(summary, eq(summary.userId, page.userId))
    .innerJoin(users, eq(users.id, summary.userId))
    .leftJoin(gyms, eq(gyms.id, summary.gymId))
    .leftJoin(prices, eq(prices.id, summary.priceId))
    .leftJoin(offerings, eq(offerings.id, summary.offeringId))
    .orderBy(...order)
}

export type MemberListRow = Awaited<ReturnType<typeof selectRows>>[number]

/** A filter that needs no more than the scope and offering to count from `member_counts`. */
function countsFromTotals(filters: MemberListOptions['filters']) {
  return (
    !filters.search &&
    !filters.tag &&
    !filters.joined_from &&
    !filters.joined_to &&
    filters.not_visited_days === undefined &&
    filters.owing === undefined &&
    (filters.state === undefined || filters.state === 'active')
  )
}

/**
 * How many members the filters match, as one or two statements. With no filter but the gym or offering,
 * the sum of `member_counts` rows; "active" (most members) is that sum less the members in any other
 * state, found through the rare states' partial indexes; anything else counts the summaries that match.
 */
function countStatements(options: MemberListOptions) {
  const { db, organisationId, scope, filters, now } = options
  if (!countsFromTotals(filters)) {
    return [db.select({ total: count() }).from(summary).where(listConditions(options))]
  }
  const totals = db
    .select({ total: sql<number>`coalesce(sum(${memberCounts.members}), 0)`.mapWith(Number) })
    .from(memberCounts)
    .where(
      and(
        eq(memberCounts.organisationId, organisationId),
        scope.wholeOrganisation
          ? undefined
          : scope.gymIds.length === 0
            ? sql`false`
            : inArray(memberCounts.gymId, scope.gymIds),
        filters.offering_id === undefined ? undefined : eq(memberCounts.offeringId, filters.offering_id),
      ),
    )
  if (filters.state !== 'active') return [totals]
  // The members in any other state, counted on two covering indexes without reading the summaries
  // (index-only, ADR 053): those flagged by a column the rare states set (`rareStateFlagged`, the
  // partial index of them), and those flagged by none whose membership starts after today.
  const today = calendarDateAt(now)
  const others = (extra: SQL) =>
    db
      .select({ total: sql<number>`-count(*)`.mapWith(Number) })
      .from(summary)
      .where(listConditions({ ...options, filters: { ...filters, state: undefined }, extra }))
  return [
    totals,
    others(sql`${rareStateFlagged} and ${notActiveCondition({ latest: summaryStateColumns, today })}`),
    others(
      sql`not ${rareStateFlagged} and ${summary.currentPeriodStart} is not null and ${summary.currentPeriodStart} > ${today}`,
    ),
  ]
}

/**
 * How many members the filters match: the list's own count, which every screen that shows the same
 * figure reads (the dashboard's "members owe after a failed payment" is `owing: true`; issue 25).
 */
export async function countMembers(options: MemberListOptions): Promise<number> {
  const counts = await readTogether(
    options.db,
    countStatements(options).map((statement) => () => statement),
  )
  return counts.reduce((sum, [row]) => sum + (row?.total ?? 0), 0)
}

/** One page of the list, and how many members the filters match. */
export async function findMemberPage(options: MemberListOptions & { page: number; perPage: number }) {
  const { total, rowsQuery } = await planPage(options)
  return { rows: rowsQuery ? await rowsQuery : [], total }
}

async function planPage(options: MemberListOptions & { page: number; perPage: number }) {
  const { page, perPage } = options
  // The count first: it says whether the matches are few enough to sort as a set (a filter's own index
  // finds them) or many (the sort's index finds a page of them at once), and whether the page is empty.
  const total = await countMembers(options)
  const offset = (page - 1) * perPage
  if (offset >= total) return { total, rowsQuery: null }
  const fewMatches =
    !countsFromTotals(options.filters) &&
    (total < SORT_MATCHES_BELOW || (nameClusters(options.filters) && total < SORT_SEARCH_MATCHES_BELOW))
  return { total, rowsQuery: selectRows({ ...options, limit: perPage, offset, fewMatches }) }
}

/**
 * Every member the filters match, in the list's order, `batchSize` at a time: the export writes each
 * batch before the next is read, so memory stays flat however many members there are.
 *
 * With `snapshot` (PostgreSQL) the batches are read in one repeatable-read transaction, so a member who
 * joins or changes meanwhile neither shifts nor repeats a row, through a cursor over the list's ids in
 * its order (the sort's index, read once from start to end): each batch is the next ids, then their
 * rows. Skipping with `offset` instead read every earlier member again for each batch, so a million
 * members took minutes (issue 29); a keyset would need one per sort, and three of them mix directions
 * and nulls that no row comparison expresses.
 *
 * The embedded database has one connection: holding it while a slow download drains would stall every
 * other request, so there each batch is its own read, by offset (an embedded database's lists are small).
 */
export async function forEachMemberBatch(
  options: MemberListOptions & { batchSize?: number; snapshot: boolean },
  write: (rows: MemberListRow[]) => Promise<void>,
): Promise<void> {
  const batchSize = options.batchSize ?? 1000
  if (!options.snapshot) {
    for (let offset = 0; ; offset += batchSize) {
      const rows = await selectRows({ ...options, limit: batchSize, offset })
      if (rows.length > 0) await write(rows)
      if (rows.length < batchSize) return
    }
  }
  await options.db.transaction(
    async (db) => {
      await db.execute(sql`declare member_export no scroll cursor for ${selectMemberIds({ ...options, db })}`)
      for (;;) {
        const ids = await db.execute<{ user_id: number }>(
          sql`fetch forward ${sql.raw(String(batchSize))} from member_export`,
        )
        const userIds = ids.rows.map((row) => row.user_id)
        if (userIds.length > 0) await write(await selectRows({ ...options, db, userIds }))
        if (userIds.length < batchSize) return
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

import { and, asc, count, desc, eq, gt, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { GymScope } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { escapeLike } from '~/db/like'
import { gyms, offerings, prices, users, visits } from '~/db/schema'
import type { MemberSort, ParsedMemberFilters } from '~/features/members/contract'
import { addDays, calendarDateAt, instantAt } from '~/server/billing/calendar'
import {
  latestSubscription,
  latestSubscriptions,
  memberConditions,
  stateColumns,
} from './count-member-states.server'
import { memberStateCondition } from './member-state-conditions.server'

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

function listQuery(options: MemberListOptions) {
  const { db, organisationId, scope, filters, now } = options
  const latest = latestSubscription(db)
  const today = calendarDateAt(now)
  const lastVisit = sql<Date | null>`(select max(${visits.visitedAt}) from ${visits}
    where ${visits.userId} = ${users.id} and ${visits.successful})`.mapWith((value) =>
    value === null ? null : new Date(value),
  )
  const memberGymId = sql`coalesce(${latest.gymId}, ${users.homeGymId})`

  const conditions: Array<SQL | undefined> = [memberConditions({ organisationId, scope, latest })]
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search.toLowerCase())}%`
    conditions.push(
      sql`(lower(${users.name}) like ${pattern} or lower(${users.email}) like ${pattern}
        or coalesce(${users.mobileNumber}, '') like ${pattern})`,
    )
  }
  if (filters.state) conditions.push(memberStateCondition({ state: filters.state, latest, today }))
  if (filters.offering_id !== undefined) conditions.push(eq(prices.offeringId, filters.offering_id))
  if (filters.tag) conditions.push(sql`${users.tags} @> array[${filters.tag}]::text[]`)
  if (filters.joined_from) conditions.push(gte(users.createdAt, instantAt(filters.joined_from)))
  if (filters.joined_to) conditions.push(lt(users.createdAt, instantAt(addDays(filters.joined_to, 1))))
  if (filters.not_visited_days !== undefined) {
    // No successful visit on any of the last N days, today included.
    const since = instantAt(addDays(today, -(filters.not_visited_days - 1)))
    conditions.push(
      sql`not exists (select 1 from ${visits} where ${visits.userId} = ${users.id}
        and ${visits.successful} and ${visits.visitedAt} >= ${since})`,
    )
  }
  if (filters.owing === true) conditions.push(gt(latest.balanceOwing, 0))
  if (filters.owing === false) conditions.push(sql`coalesce(${latest.balanceOwing}, 0) = 0`)
  // Without a filter on the membership (or a gym, which is the membership's gym first), the count needs
  // no membership: the organisation's members alone, read from their index (the list's default view).
  const readsMembership =
    !scope.wholeOrganisation ||
    filters.state !== undefined ||
    filters.offering_id !== undefined ||
    filters.owing !== undefined
  return { latest, lastVisit, memberGymId, where: and(...conditions), readsMembership }
}

const orderFor = (sort: MemberSort, lastVisit: SQL, balance: SQL) => {
  const descending = sort.startsWith('-')
  const direction = descending ? desc : asc
  const nulls = descending ? sql`nulls last` : sql`nulls first`
  switch (sort.replace('-', '') as 'name' | 'joined' | 'last_visit' | 'balance') {
    case 'name':
      return [direction(users.name), direction(users.id)]
    case 'joined':
      return [direction(users.createdAt), direction(users.id)]
    case 'last_visit':
      return [sql`${lastVisit} ${descending ? sql`desc` : sql`asc`} ${nulls}`, asc(users.name), asc(users.id)]
    case 'balance':
      return [
        sql`coalesce(${balance}, 0) ${descending ? sql`desc` : sql`asc`}`,
        asc(users.name),
        asc(users.id),
      ]
  }
}

function selectRows(options: MemberListOptions, db: Db = options.db) {
  const { latest, lastVisit, memberGymId, where } = listQuery(options)
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      mobileNumber: users.mobileNumber,
      profilePicture: users.profilePicture,
      tags: users.tags,
      joinedAt: users.createdAt,
      lastVisitAt: lastVisit,
      sub: { id: latest.id, ...stateColumns(latest), forcePriceAmount: latest.forcePriceAmount },
      gym: { id: gyms.id, name: gyms.name },
      offering: { id: offerings.id, name: offerings.name },
      price: { id: prices.id, amount: prices.amount, billingFrequency: prices.billingFrequency },
    })
    .from(users)
    .leftJoinLateral(latest, sql`true`)
    .leftJoin(gyms, sql`${gyms.id} = ${memberGymId}`)
    .leftJoin(prices, eq(prices.id, latest.priceId))
    .leftJoin(offerings, eq(offerings.id, prices.offeringId))
    .where(where)
    .orderBy(...orderFor(options.filters.sort, lastVisit, sql`${latest.balanceOwing}`))
    .$dynamic()
}

export type MemberListRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number]

/** The page's two statements as SQL (for `bench:members --explain`: the plans are part of the target). */
export function memberPageStatements(options: MemberListOptions & { page: number; perPage: number }) {
  const { page, perPage } = options
  return {
    rows: selectRows(options)
      .limit(perPage)
      .offset((page - 1) * perPage)
      .toSQL(),
    count: countQuery(options).toSQL(),
  }
}

/**
 * How many members the filters match. The membership is joined only when a filter reads it, and then as
 * every member's latest at once (`latestSubscriptions`, one ordered pass) rather than looked up member by
 * member; the conditions read it by the same alias and columns.
 */
function countQuery(options: MemberListOptions) {
  const { where, readsMembership } = listQuery(options)
  const members = options.db.select({ total: count() }).from(users)
  if (!readsMembership) return members.where(where).$dynamic()
  const latest = latestSubscriptions(options.db, options.organisationId)
  return members
    .leftJoin(latest, eq(latest.userId, users.id))
    .leftJoin(prices, eq(prices.id, latest.priceId))
    .where(where)
    .$dynamic()
}

/** One page of the list, and how many members the filters match. */
export async function findMemberPage(options: MemberListOptions & { page: number; perPage: number }) {
  const { page, perPage } = options
  const [rows, [totalRow]] = await Promise.all([
    selectRows(options)
      .limit(perPage)
      .offset((page - 1) * perPage),
    countQuery(options),
  ])
  return { rows, total: totalRow?.total ?? 0 }
}

/**
 * Every member the filters match, in the list's order, `batchSize` at a time: the export writes each
 * batch before the next is read, so memory stays flat however many members there are. With `snapshot`
 * (PostgreSQL) the batches are read in one repeatable-read transaction, so a member who joins or changes
 * meanwhile neither shifts nor repeats a row. The embedded database has one connection: holding it
 * while a slow download drains would stall every other request, so there each batch is its own read.
 */
export async function forEachMemberBatch(
  options: MemberListOptions & { batchSize?: number; snapshot: boolean },
  write: (rows: MemberListRow[]) => Promise<void>,
): Promise<void> {
  const batchSize = options.batchSize ?? 1000
  const readAll = async (db: Db) => {
    for (let offset = 0; ; offset += batchSize) {
      const rows = await selectRows(options, db).limit(batchSize).offset(offset)
      if (rows.length > 0) await write(rows)
      if (rows.length < batchSize) return
    }
  }
  if (!options.snapshot) return readAll(options.db)
  await options.db.transaction(readAll, { isolationLevel: 'repeatable read', accessMode: 'read only' })
}

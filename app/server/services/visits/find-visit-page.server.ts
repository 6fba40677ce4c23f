import { and, count, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { GymScope } from '~/access/scope.server'
import { inGymScope, ownedBy } from '~/access/scope.server'
import type { ParsedVisitFilters, VisitSort } from '~/contracts/visits'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { doorIntegrations, users, visitDayCounts, visitMemberCounts, visits } from '~/db/schema'
import { addDays, instantAt } from '~/server/billing/calendar'
import {
  forEachListBatch,
  memberIdsCondition,
  pageIdsOf,
  type RecordList,
  resolveMemberSearch,
  selectListRows,
} from '~/server/services/lists/list-queries.server'

/**
 * The visits list (issue 16): entries and refused entries at the gyms in scope, filtered and sorted in
 * SQL; the export reads the same rows in keyset batches. `scope` is the caller's (`gymScope`, the gym
 * filter applied).
 */
export interface VisitListOptions {
  db: Db
  organisationId: number
  scope: GymScope
  filters: Omit<ParsedVisitFilters, 'gym_id'>
}

/** The scope and outcome conditions, which the counts answer as well as the visits. */
function keyConditions(
  table: Record<'organisationId' | 'gymId' | 'successful', AnyPgColumn>,
  options: VisitListOptions,
): SQL[] {
  const { organisationId, scope, filters } = options
  const conditions: SQL[] = [ownedBy(table, organisationId)]
  const inScope = inGymScope(table.gymId, scope)
  if (inScope) conditions.push(inScope)
  if (filters.successful !== undefined) conditions.push(eq(table.successful, filters.successful))
  return conditions
}

/** The list's options with the member search already turned into the matching people's ids. */
type Resolved = VisitListOptions & { memberIds?: readonly number[] }

function listConditions(options: Resolved) {
  const { filters } = options
  const conditions = keyConditions(visits, options)
  // Auckland days, inclusive: from the start of `from` to the start of the day after `to`.
  if (filters.from) conditions.push(gte(visits.visitedAt, instantAt(filters.from)))
  if (filters.to) conditions.push(lt(visits.visitedAt, instantAt(addDays(filters.to, 1))))
  if (options.memberIds) conditions.push(memberIdsCondition(visits.userId, options.memberIds))
  return and(...conditions)
}

/** Each sort as its column and the tie-break by id, in one direction (so a keyset can follow it). */
function sortOf(sort: VisitSort) {
  const descending = sort.startsWith('-')
  return { column: sort.replace('-', '') === 'member' ? users.name : visits.visitedAt, descending }
}

/** The visits as a record list, in the order the options ask for. */
const visitList = (options: VisitListOptions): RecordList => ({
  table: visits,
  organisationId: options.organisationId,
  sort: sortOf(options.filters.sort),
})

/** The list's rows with their member, gym and door, `where` says which, in the list's order. */
function selectRows(options: VisitListOptions, where: SQL | undefined) {
  const door = { id: doorIntegrations.id, name: doorIntegrations.name }
  return selectListRows(options.db, visitList(options), { visit: visits, door }, where).leftJoin(
    doorIntegrations,
    eq(doorIntegrations.id, visits.doorIntegrationId),
  )
}

export type VisitListRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number]

/**
 * How many visits the filters match (ADR 028): a sum of the day counts, or of the matching members'
 * counts for a member search without days; the visits themselves only for a member search with days.
 */
function totalQuery(options: Resolved) {
  const { filters } = options
  const total = (visitsColumn: AnyPgColumn) => sql<number>`coalesce(sum(${visitsColumn}), 0)`.mapWith(Number)
  if (!options.memberIds) {
    const days: SQL[] = []
    if (filters.from) days.push(gte(visitDayCounts.day, filters.from))
    if (filters.to) days.push(lte(visitDayCounts.day, filters.to))
    return options.db
      .select({ total: total(visitDayCounts.visits) })
      .from(visitDayCounts)
      .where(and(...keyConditions(visitDayCounts, options), ...days))
  }
  if (!filters.from && !filters.to) {
    return options.db
      .select({ total: total(visitMemberCounts.visits) })
      .from(visitMemberCounts)
      .where(
        and(
          ...keyConditions(visitMemberCounts, options),
          memberIdsCondition(visitMemberCounts.userId, options.memberIds),
        ),
      )
  }
  return options.db.select({ total: count() }).from(visits).where(listConditions(options))
}

/** One page of the list, and how many visits the filters match. */
export async function findVisitPage(options: VisitListOptions & { page: number; perPage: number }) {
  const resolved = await resolveMemberSearch(options)
  const pageIds = pageIdsOf(options.db, visitList(resolved), listConditions(resolved), options)
  const [rows, [totalRow]] = await readTogether(options.db, [
    () => selectRows(resolved, inArray(visits.id, pageIds)),
    () => totalQuery(resolved),
  ])
  return { rows, total: totalRow?.total ?? 0 }
}

/**
 * Every visit the filters match, in the list's order, in keyset batches (`forEachListBatch`).
 */
export async function forEachVisitBatch(
  options: VisitListOptions & { batchSize?: number; snapshot: boolean },
  write: (rows: VisitListRow[]) => Promise<void>,
): Promise<void> {
  const resolved = await resolveMemberSearch(options)
  const list = { sort: sortOf(options.filters.sort), idColumn: visits.id, where: listConditions(resolved) }
  const select = (db: Db, where: SQL | undefined) => selectRows({ ...options, db }, where)
  return forEachListBatch(options, { ...list, select, idOf: (row) => row.visit.id }, write)
}

import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { GymScope } from '~/access/scope.server'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { doorIntegrations, gyms, users, visits } from '~/db/schema'
import type { ParsedVisitFilters, VisitSort } from '~/features/visits/contract'
import { addDays, instantAt } from '~/server/billing/calendar'
import {
  afterKeyset,
  forEachKeysetBatch,
  type Keyset,
  memberTextCondition,
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

function listConditions(options: VisitListOptions) {
  const { organisationId, scope, filters } = options
  const conditions: Array<SQL | undefined> = [ownedBy(visits, organisationId)]
  if (!scope.wholeOrganisation) {
    conditions.push(scope.gymIds.length === 0 ? sql`false` : inArray(visits.gymId, scope.gymIds))
  }
  // Auckland days, inclusive: from the start of `from` to the start of the day after `to`.
  if (filters.from) conditions.push(gte(visits.visitedAt, instantAt(filters.from)))
  if (filters.to) conditions.push(lt(visits.visitedAt, instantAt(addDays(filters.to, 1))))
  if (filters.successful !== undefined) conditions.push(eq(visits.successful, filters.successful))
  if (filters.search) {
    conditions.push(
      memberTextCondition({
        db: options.db,
        organisationId,
        userColumn: visits.userId,
        search: filters.search,
      }),
    )
  }
  return and(...conditions)
}

/** Each sort as its column and the tie-break by id, in one direction (so a keyset can follow it). */
function sortOf(sort: VisitSort) {
  const descending = sort.startsWith('-')
  return { column: sort.replace('-', '') === 'member' ? users.name : visits.visitedAt, descending }
}

function selectRows(options: VisitListOptions & { after?: Keyset }) {
  const { column, descending } = sortOf(options.filters.sort)
  const direction = descending ? desc : asc
  const after = afterKeyset(column, visits.id, descending, options.after)
  return options.db
    .select({
      visit: visits,
      member: { id: users.id, name: users.name },
      gym: { id: gyms.id, name: gyms.name },
      door: { id: doorIntegrations.id, name: doorIntegrations.name },
      // The sort column as text, for the next batch's keyset (PostgreSQL reads it back as the column's type).
      sortValue: sql<string>`${column}::text`,
    })
    .from(visits)
    .innerJoin(users, eq(users.id, visits.userId))
    .innerJoin(gyms, eq(gyms.id, visits.gymId))
    .leftJoin(doorIntegrations, eq(doorIntegrations.id, visits.doorIntegrationId))
    .where(and(listConditions(options), after))
    .orderBy(direction(column), direction(visits.id))
    .$dynamic()
}

export type VisitListRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number]

/** One page of the list, and how many visits the filters match. */
export async function findVisitPage(options: VisitListOptions & { page: number; perPage: number }) {
  const { page, perPage } = options
  const [rows, [totalRow]] = await Promise.all([
    selectRows(options)
      .limit(perPage)
      .offset((page - 1) * perPage),
    options.db.select({ total: count() }).from(visits).where(listConditions(options)),
  ])
  return { rows, total: totalRow?.total ?? 0 }
}

/**
 * Every visit the filters match, in the list's order, in keyset batches (`forEachKeysetBatch`).
 */
export async function forEachVisitBatch(
  options: VisitListOptions & { batchSize?: number; snapshot: boolean },
  write: (rows: VisitListRow[]) => Promise<void>,
): Promise<void> {
  return forEachKeysetBatch(
    {
      db: options.db,
      snapshot: options.snapshot,
      batchSize: options.batchSize ?? 2000,
      read: (db, after, limit) => selectRows({ ...options, db, after }).limit(limit),
      keyOf: (row) => ({ value: row.sortValue, id: row.visit.id }),
    },
    write,
  )
}

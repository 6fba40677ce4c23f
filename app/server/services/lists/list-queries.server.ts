import { and, asc, desc, eq, like, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { escapeLike } from '~/db/like'
import { gyms, memberSummaries, users } from '~/db/schema'

/**
 * What the record lists (payments, visits) share beside the members list: finding rows by their
 * member's name, e-mail or mobile number, and reading every matching row for an export in keyset batches.
 */

/**
 * The people of the organisation whose name, e-mail or mobile number contains `search`, as the members
 * list finds them: through the member summaries' search text and its trigram index (ADR 026), so a
 * search costs the matching members and not a pass over every user. Staff and deleted members (whose
 * payments and visits stay for the books) have no summary: the same text of theirs is read from
 * `users` through its partial index of them, which are few.
 *
 * Read first, on its own, so the list's statements are planned knowing how many match (one member's
 * payments are found through the member; a tenth of the members' by walking the list's order).
 */
export async function findMemberIdsMatching(options: {
  db: Db
  organisationId: number
  search: string
}): Promise<number[]> {
  const pattern = `%${escapeLike(options.search.toLowerCase())}%`
  const searchText = sql`lower(${users.name}) || chr(1) || lower(${users.email}) || chr(1) || coalesce(${users.mobileNumber}, '')`
  const rows = await options.db
    .select({ id: memberSummaries.userId })
    .from(memberSummaries)
    .where(and(ownedBy(memberSummaries, options.organisationId), like(memberSummaries.searchText, pattern)))
    .unionAll(
      options.db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            ownedBy(users, options.organisationId),
            sql`(${users.isStaff} or ${users.deletedAt} is not null)`,
            sql`${searchText} like ${pattern}`,
          ),
        ),
    )
  return rows.map((row) => row.id)
}

/** Rows whose `userColumn` is one of `memberIds`, passed as one array so any number is one parameter. */
export function memberIdsCondition(userColumn: AnyPgColumn, memberIds: readonly number[]): SQL {
  if (memberIds.length === 0) return sql`false`
  return sql`${userColumn} = any(${`{${memberIds.join(',')}}`}::int[])`
}

/**
 * A list of records each of one member at one gym (payments, visits) as the helpers below read it: the
 * table with its id, member and gym columns, the organisation, and the list's sort column and direction.
 */
export interface RecordList {
  table: PgTable & Record<'id' | 'userId' | 'gymId', AnyPgColumn>
  organisationId: number
  sort: { column: AnyPgColumn; descending: boolean }
}

/** The record's member, read through the organisation's name index when the list sorts by it. */
export const memberJoin = (list: RecordList) =>
  and(eq(users.id, list.table.userId), ownedBy(users, list.organisationId))

/** The list's order: its sort column, then the id in the same direction (so a keyset can follow it). */
export function listOrder(list: RecordList) {
  const direction = list.sort.descending ? desc : asc
  return [direction(list.sort.column), direction(list.table.id)] as const
}

/**
 * What a listed row carries beside its record: its member and gym, and the sort column as text for the
 * next batch's keyset (PostgreSQL reads it back as the column's type).
 */
export const listRowColumns = (list: RecordList) => ({
  member: { id: users.id, name: users.name },
  gym: { id: gyms.id, name: gyms.name },
  sortValue: sql<string>`${list.sort.column}::text`,
})

/**
 * The list's rows, `where` says which, in the list's order: `record` (the record's own columns) with
 * `listRowColumns`. Dynamic, so a list can join more (the visits their door).
 */
export function selectListRows<Record extends SelectedFields>(
  db: Db,
  list: RecordList,
  record: Record,
  where: SQL | undefined,
) {
  return db
    .select({ ...record, ...listRowColumns(list) })
    .from(list.table)
    .innerJoin(users, memberJoin(list))
    .innerJoin(gyms, eq(gyms.id, list.table.gymId))
    .where(where)
    .orderBy(...listOrder(list))
    .$dynamic()
}

/**
 * The ids of one page of the records `where` matches, found on the sort's index alone (the member's name
 * joined only when it is the sort), so skipping to page 2,000 reads index entries and not 50,000
 * records with their members.
 */
export function pageIdsOf(
  db: Db,
  list: RecordList,
  where: SQL | undefined,
  page: { page: number; perPage: number },
) {
  const query = db.select({ id: list.table.id }).from(list.table).$dynamic()
  return (list.sort.column === users.name ? query.innerJoin(users, memberJoin(list)) : query)
    .where(where)
    .orderBy(...listOrder(list))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
}

/** Where a keyset batch starts: after this sort value (as text) and id. */
export interface Keyset {
  value: string
  id: number
}

/** `(sort column, id)` past `after`, in the list's direction (PostgreSQL reads the text back as the column's type). */
export function afterKeyset(column: AnyPgColumn, idColumn: AnyPgColumn, descending: boolean, after?: Keyset) {
  return after
    ? sql`(${column}, ${idColumn}) ${descending ? sql`<` : sql`>`} (${after.value}, ${after.id})`
    : undefined
}

/**
 * Every row a list matches, `batchSize` at a time, each batch read after the last row of the one
 * before (a keyset, so the thousandth batch costs what the first did). With `snapshot` (PostgreSQL) the
 * batches are read in one repeatable-read transaction, so a row that changes meanwhile neither moves
 * nor repeats; the embedded database has one connection, so there each batch is its own read.
 */
export async function forEachKeysetBatch<Row>(
  options: {
    db: Db
    snapshot: boolean
    batchSize: number
    read: (db: Db, after: Keyset | undefined, limit: number) => Promise<Row[]>
    keyOf: (row: Row) => Keyset
  },
  write: (rows: Row[]) => Promise<void>,
): Promise<void> {
  const readAll = async (db: Db) => {
    let after: Keyset | undefined
    for (;;) {
      const rows = await options.read(db, after, options.batchSize)
      if (rows.length > 0) await write(rows)
      const last = rows.at(-1)
      if (rows.length < options.batchSize || !last) return
      after = options.keyOf(last)
    }
  }
  if (!options.snapshot) return readAll(options.db)
  await options.db.transaction(readAll, { isolationLevel: 'repeatable read', accessMode: 'read only' })
}

/** A list read for an export: its order, its id column, the rows it matches and how to read them. */
interface KeysetList<Row> {
  sort: { column: AnyPgColumn; descending: boolean }
  idColumn: AnyPgColumn
  where: SQL | undefined
  select: (db: Db, where: SQL | undefined) => { limit: (limit: number) => Promise<Row[]> }
  idOf: (row: Row) => number
}

/**
 * Every row a sorted list matches, in its order, in keyset batches (`forEachKeysetBatch`): each batch
 * is the list's rows after the last one's sort value (its `sortValue`, as text) and id.
 */
export function forEachListBatch<Row extends { sortValue: string }>(
  options: { db: Db; snapshot: boolean; batchSize?: number },
  list: KeysetList<Row>,
  write: (rows: Row[]) => Promise<void>,
): Promise<void> {
  const { column, descending } = list.sort
  return forEachKeysetBatch(
    {
      db: options.db,
      snapshot: options.snapshot,
      batchSize: options.batchSize ?? 2000,
      read: (db, after, limit) =>
        list.select(db, and(list.where, afterKeyset(column, list.idColumn, descending, after))).limit(limit),
      keyOf: (row) => ({ value: row.sortValue, id: list.idOf(row) }),
    },
    write,
  )
}

/**
 * A list's options with its member search turned into the matching people's ids
 * (`findMemberIdsMatching`), read once before the list's statements; unchanged without a search.
 */
export async function resolveMemberSearch<
  T extends { db: Db; organisationId: number; filters: { search?: string | undefined } },
>(options: T): Promise<T & { memberIds?: readonly number[] }> {
  if (!options.filters.search) return options
  const memberIds = await findMemberIdsMatching({
    db: options.db,
    organisationId: options.organisationId,
    search: options.filters.search,
  })
  return { ...options, memberIds }
}

import { and, inArray, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { escapeLike } from '~/db/like'
import { users } from '~/db/schema'

/**
 * What the record lists (payments, visits) share beside the members list: finding rows by their
 * member's name or e-mail, and reading every matching row for an export in keyset batches.
 */

/** Rows whose `userColumn` is a member of the organisation whose name or e-mail contains `search`. */
export function memberTextCondition(options: {
  db: Db
  organisationId: number
  userColumn: AnyPgColumn
  search: string
}): SQL {
  const pattern = `%${escapeLike(options.search.toLowerCase())}%`
  return inArray(
    options.userColumn,
    options.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          ownedBy(users, options.organisationId),
          sql`(lower(${users.name}) like ${pattern} or lower(${users.email}) like ${pattern})`,
        ),
      ),
  )
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

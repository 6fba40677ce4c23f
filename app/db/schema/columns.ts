import { type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core'

/** Surrogate key shared by every table except sessions (whose key is the token hash). */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity()

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() })

/**
 * A required foreign key to another table's id (`user_id` → `users.id`): deleting the row it names is
 * refused (NO ACTION) unless `onDelete` cascades.
 */
export const reference = (name: string, target: () => AnyPgColumn, onDelete?: 'cascade') =>
  integer(name)
    .notNull()
    .references(target, onDelete ? { onDelete } : {})

/** Nullable instant, e.g. `archived_at`, `used_at`. */
export const instant = (name: string) => timestamp(name, { withTimezone: true })

function literalList(values: readonly string[]): SQL {
  // Literals, not bind parameters: drizzle-kit copies check expressions verbatim into the migration SQL.
  // The values are compile-time constants from ./enums, never user input.
  return sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))
}

/** Check expression for a text column limited to one of `values` (NULL passes, as in any check). */
export function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${literalList(values)})`
}

/** Check expression for a text[] column whose elements all come from `values`. */
export function allOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} <@ array[${literalList(values)}]::text[]`
}

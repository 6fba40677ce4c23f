import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { findSecrets, type SecretFinding, type SentSecrets } from './secret-scan.server'

/** Where a secret was found at rest: the table and column, how many rows hold one, what it was. */
export interface DatabaseFinding extends SecretFinding {
  table: string
  column: string
}

const textTypes = ['text', 'character varying', 'character', 'json', 'jsonb']

function quoted(identifier: string) {
  return `"${identifier.replaceAll('"', '""')}"`
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows
}

/**
 * Every text and JSON column of every table of ours (the app's, the job queue's, the migrations'),
 * read a thousand rows at a time and searched with `findSecrets` (issue 30, point 6; ADR 057). For the
 * browser tests' last check, through the test-support route: never part of a deployment.
 */
export async function scanDatabaseForSecrets(options: {
  db: Db
  sent: SentSecrets
}): Promise<DatabaseFinding[]> {
  const { db, sent } = options
  const columns = rowsOf(
    await db.execute(sql`
      select c.table_schema as schema, c.table_name as table, c.column_name as column
      from information_schema.columns c
      join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema not in ('pg_catalog', 'information_schema')
        and c.table_schema not like 'pg_toast%'
        and c.data_type in (${sql.join(
          textTypes.map((type) => sql`${type}`),
          sql`, `,
        )})
      order by 1, 2, 3`),
  ) as { schema: string; table: string; column: string }[]
  const findings = new Map<string, DatabaseFinding>()
  for (const { schema, table, column } of columns) {
    const source = `${quoted(schema)}.${quoted(table)}`
    const field = quoted(column)
    const batch = 1000
    for (let offset = 0; ; offset += batch) {
      const rows = rowsOf(
        await db.execute(
          sql.raw(
            `select ${field}::text as value from ${source} where ${field} is not null order by ctid limit ${batch} offset ${offset}`,
          ),
        ),
      )
      for (const row of rows) {
        for (const finding of findSecrets(String(row.value), sent)) {
          const name = schema === 'public' ? table : `${schema}.${table}`
          const key = `${name}.${column}:${finding.kind}:${finding.masked}`
          findings.set(key, { ...finding, table: name, column })
        }
      }
      if (rows.length < batch) break
    }
  }
  return [...findings.values()]
}

import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '~/db/client.server'

/** Proves the database answers, and says which kind it is. */
export async function getDatabaseHealth({ database }: { database: DatabaseHandle }) {
  await database.db.execute(sql`select 1`)
  return database.driver.kind === 'pglite' ? ('pglite' as const) : ('postgresql' as const)
}

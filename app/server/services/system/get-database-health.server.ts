import { sql } from 'drizzle-orm'
import { getDatabase } from '~/db/client.server'

/** Proves the database answers, and says which kind it is. */
export async function getDatabaseHealth(): Promise<'pglite' | 'postgresql'> {
  const handle = await getDatabase()
  await handle.db.execute(sql`select 1`)
  return handle.driver.kind === 'pglite' ? 'pglite' : 'postgresql'
}

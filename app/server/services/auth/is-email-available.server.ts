import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'

/** Whether an organisation has no account with this address yet (any case, deactivated ones too). */
export async function isEmailAvailable(options: { db: Db; organisationId: number; email: string }) {
  const email = options.email.trim().toLowerCase()
  const [taken] = await options.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, options.organisationId), sql`lower(${users.email}) = ${email}`))
    .limit(1)
  return taken === undefined
}

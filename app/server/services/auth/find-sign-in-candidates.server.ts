import { and, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import type { UserRow } from '~/server/auth/sessions.server'

/**
 * Active users with this address. Addresses are unique per organisation, not globally, so one person
 * can be staff at one organisation and a member at another: sign-in tries each.
 */
export async function findSignInCandidates(options: { db: Db; email: string }): Promise<UserRow[]> {
  const email = options.email.trim().toLowerCase()
  return options.db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)))
    .orderBy(users.id)
}

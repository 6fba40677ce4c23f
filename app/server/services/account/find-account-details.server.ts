import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { accountClosureRequests, users } from '~/db/schema'
import { notFound } from '../service-input.server'

/** The member whose account it is: their own call, in their organisation. */
export interface MemberSelf {
  db: Db
  now: Date
  organisationId: number
  userId: number
}

/** The member's row and their open request to close the account (issue 28's details page). */
export async function findAccountDetails(options: Pick<MemberSelf, 'db' | 'userId'>) {
  const { db, userId } = options
  const [[user], [closure]] = await readTogether(db, [
    () =>
      db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt))),
    () => db.select().from(accountClosureRequests).where(openClosureOf(userId)),
  ])
  if (!user) throw notFound('Member')
  return { user, closure: closure ?? null }
}

export type AccountDetailsRows = Awaited<ReturnType<typeof findAccountDetails>>

/** The member's open request to close their account (at most one: `account_closure_requests_open_idx`). */
export function openClosureOf(userId: number) {
  return and(
    eq(accountClosureRequests.userId, userId),
    isNull(accountClosureRequests.withdrawnAt),
    isNull(accountClosureRequests.handledAt),
  )
}

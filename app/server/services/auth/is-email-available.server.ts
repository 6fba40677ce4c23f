import { and, eq, sql } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { gyms, users } from '~/db/schema'
import { findSignInCandidates } from './find-sign-in-candidates.server'

/** Whether an organisation has no account with this address yet (any case, deactivated ones too). */
export async function isEmailAvailable(options: { db: Db; organisationId: number; email: string }) {
  const email = options.email.trim().toLowerCase()
  const [taken] = await options.db
    .select({ id: users.id })
    .from(users)
    .where(and(ownedBy(users, options.organisationId), sql`lower(${users.email}) = ${email}`))
    .limit(1)
  return taken === undefined
}

/**
 * The join form's check (`POST /api/unique-email`): at a gym, whether its organisation has the address
 * yet (an unknown gym has nobody); without one, whether any account can sign in with it.
 */
export async function isEmailFreeToJoin(options: { db: Db; email: string; gymUuid: string | undefined }) {
  const { db, email } = options
  if (options.gymUuid === undefined) return (await findSignInCandidates({ db, email })).length === 0
  const [gym] = await db
    .select({ organisationId: gyms.organisationId })
    .from(gyms)
    .where(eq(gyms.uuid, options.gymUuid))
  return gym ? isEmailAvailable({ db, organisationId: gym.organisationId, email }) : true
}

import { and, sql } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { AppError } from '~/lib/errors'

/** What staff read when an address is taken (adding a member, a member's new address, inviting staff). */
export const emailTakenMessage = 'The email has already been taken.'

/**
 * E-mail addresses are unique per organisation ignoring case (the `users_organisation_email_unique`
 * index). Checking first turns the index's error into a field message; the index still settles a race.
 */
export async function assertEmailAvailable(options: {
  db: Db
  organisationId: number
  email: string
}): Promise<void> {
  const { db, organisationId, email } = options
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(ownedBy(users, organisationId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1)
  if (taken) {
    throw new AppError('VALIDATION', emailTakenMessage, { fieldErrors: { email: [emailTakenMessage] } })
  }
}

import type { Db } from '~/db/client.server'
import type { sessions, users } from '~/db/schema'
import { AppError } from '~/lib/errors'

/**
 * Who is asking, as plain values: the database of the request and the session its cookie named (none for
 * a guest). The API's edge builds it once per request (`actorOf` in app/server/api/actor.ts); the access
 * rules read only this, never the HTTP request.
 */
type SessionRow = typeof sessions.$inferSelect
type UserRow = typeof users.$inferSelect

export interface Actor {
  db: Db
  auth: { session: SessionRow; user: UserRow } | undefined
}

/** Whether a session still waits for its second factor: staff until the code, members until verified. */
export function isSecondFactorPending(session: SessionRow, user: UserRow): boolean {
  if (user.isStaff) return session.twoFactorVerifiedAt === null
  return user.emailVerifiedAt === null
}

export const secondFactorMessages = {
  staff: 'Enter the 6-digit code we e-mailed you to finish signing in.',
  member: 'Enter the 6-digit code we e-mailed you to confirm your address.',
}

/** A signed-in session, second factor pending or not (the code screens). */
export function requireSession(actor: Actor) {
  if (!actor.auth) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.')
  return actor.auth
}

/** Every protected call: signed in, second factor done (SPEC §8). */
export function requireSignedIn(actor: Actor) {
  const auth = requireSession(actor)
  if (isSecondFactorPending(auth.session, auth.user)) {
    throw new AppError(
      'TWO_FACTOR_REQUIRED',
      auth.user.isStaff ? secondFactorMessages.staff : secondFactorMessages.member,
      { email: auth.user.email },
    )
  }
  return auth
}

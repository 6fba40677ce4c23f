import { secondFactorMessages } from '~/access/actor.server'
import { NOT_TWO_FACTOR_AUTHENTICATED } from '~/lib/errors'
import type { UserRow } from '~/server/auth/sessions.server'

/** A sign-in that waits for the e-mailed code (SPEC §8): the code screen's cue, in the error's shape. */
export function toSecondFactorPendingAnswer(user: Pick<UserRow, 'isStaff' | 'email'>): {
  error: typeof NOT_TWO_FACTOR_AUTHENTICATED
  message: string
  email: string
} {
  const message = user.isStaff ? secondFactorMessages.staff : secondFactorMessages.member
  return { error: NOT_TWO_FACTOR_AUTHENTICATED, message, email: user.email }
}

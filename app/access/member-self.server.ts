import { AppError } from '~/lib/errors'
import { type Actor, requireSignedIn } from './actor.server'
import { unauthorisedMessage } from './caller.server'

/**
 * A member acting on their own record (the join flow's steps): signed in, and not staff — staff have no
 * membership of their own to pay for, and act on members through the console's endpoints instead.
 */
export function requireMemberSelf(actor: Actor) {
  const auth = requireSignedIn(actor)
  if (auth.user.isStaff) throw new AppError('FORBIDDEN', unauthorisedMessage)
  return auth.user
}

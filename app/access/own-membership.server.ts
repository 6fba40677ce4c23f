import { and, desc, eq } from 'drizzle-orm'
import { organisations, subscriptions } from '~/db/schema'
import { AppError } from '~/lib/errors'
import type { Actor } from './actor.server'
import { requireMemberSelf } from './member-self.server'
import { ownedBy } from './scope.server'

export const noMembershipMessage = 'You have no membership yet.'

/**
 * A member acting on their own membership in their account (issue 28): signed in and not staff
 * (`requireMemberSelf`: a staff session is refused), their latest membership (not a join still being
 * paid for) and their organisation's self-service switches. There is no id to name: another member's
 * membership cannot be reached. Answers the shape staff changes take (`subscriptionFor`'s).
 */
export async function ownMembership(actor: Actor) {
  const user = requireMemberSelf(actor)
  const [row] = await actor.db
    .select({
      subscription: subscriptions,
      mayPause: organisations.membersMayPauseOnline,
      mayCancel: organisations.membersMayCancelOnline,
    })
    .from(subscriptions)
    .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
    .where(
      and(
        eq(subscriptions.userId, user.id),
        eq(subscriptions.isStaging, false),
        ownedBy(subscriptions, user.organisationId),
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1)
  if (!row) throw new AppError('NOT_FOUND', noMembershipMessage)
  return {
    subscription: row.subscription,
    user: { id: user.id },
    switches: { mayPause: row.mayPause, mayCancel: row.mayCancel },
  }
}

export type OwnMembership = Awaited<ReturnType<typeof ownMembership>>

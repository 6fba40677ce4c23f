import { and, eq } from 'drizzle-orm'
import { type GymScope, ownedBy } from '~/access/scope.server'
import { staffGymRoles, subscriptions } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { type Actor, requireSignedIn } from './actor.server'
import { gymScope, requireArea, requireStaff, unauthorisedMessage } from './caller.server'
import { findVisiblePrice } from './catalogue.server'
import { findMemberInScope, requireGymAdmin } from './members.server'

export type SubscriptionAccess = 'read' | 'manage'

/**
 * Who may see and change a subscription (ADR 012): organisation admins any of their organisation's;
 * gym admins those at their gyms; personal trainers may look but not change; a member only their own,
 * read-only. Another organisation's subscription, or one outside the caller's gyms, is a 404.
 */
export async function subscriptionFor(actor: Actor, id: number, access: SubscriptionAccess) {
  const { user } = requireSignedIn(actor)
  const db = actor.db
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), ownedBy(subscriptions, user.organisationId)))
  if (!subscription) throw new AppError('NOT_FOUND', 'Membership not found.')
  if (!user.isStaff) {
    if (subscription.userId !== user.id) throw new AppError('NOT_FOUND', 'Membership not found.')
    if (access === 'manage') throw new AppError('FORBIDDEN', 'This action is unauthorized.')
    return { subscription, user }
  }
  if (user.organisationRole === 'admin') return { subscription, user }
  const [role] = await db
    .select({ role: staffGymRoles.role })
    .from(staffGymRoles)
    .where(and(eq(staffGymRoles.userId, user.id), eq(staffGymRoles.gymId, subscription.gymId)))
  if (!role) throw new AppError('NOT_FOUND', 'Membership not found.')
  if (access === 'manage' && role.role !== 'admin')
    throw new AppError('FORBIDDEN', 'This action is unauthorized.')
  return { subscription, user }
}

/**
 * Who a new membership is for (SPEC §6, ADR 014): staff start one for a member they can see, at a gym
 * they run (the member's home gym unless another is named); a member only for themselves.
 */
export async function membershipStarter(
  actor: Actor,
  body: { user_id?: number | undefined; gym_id?: number | undefined },
) {
  const { user } = requireSignedIn(actor)
  if (!user.isStaff) {
    if (body.user_id !== undefined && body.user_id !== user.id) {
      throw new AppError('FORBIDDEN', unauthorisedMessage)
    }
    return { user, staff: false as const, memberId: user.id }
  }
  const caller = await requireStaff(actor)
  const member = await findMemberInScope({ db: actor.db, caller, memberId: body.user_id ?? user.id })
  const gymId = body.gym_id ?? member.homeGymId
  if (gymId !== null) requireGymAdmin(caller, gymId)
  return { user, staff: true as const, memberId: member.id }
}

/**
 * Who may move memberships of a price to another (the price-changes area): staff with the area who can
 * see the price; they move the memberships of every gym as an organisation admin, else of the gyms they
 * run (ADR 012). Answers the price, the gyms and the rule per gym the services take.
 */
export async function priceChanger(actor: Actor, priceId: number) {
  const caller = await requireStaff(actor)
  requireArea(caller, 'price_changes')
  const price = await findVisiblePrice({ db: actor.db, viewer: caller, priceId })
  const scope: GymScope = caller.isOrganisationAdmin
    ? gymScope(caller, undefined)
    : {
        gymIds: caller.gyms
          .filter((_, index) => caller.access.gymRoles[index] === 'admin')
          .map((gym) => gym.id),
        wholeOrganisation: false,
      }
  const allowed = (gymId: number) => scope.wholeOrganisation || scope.gymIds.includes(gymId)
  return { caller, price, scope, allowed }
}

/** Whose price-change history the caller may read: a member in their scope (staff), or their own. */
export async function priceHistoryMember(actor: Actor, memberId: number) {
  const { user } = requireSignedIn(actor)
  if (user.isStaff) {
    const caller = await requireStaff(actor)
    return {
      organisationId: user.organisationId,
      memberId: (await findMemberInScope({ db: actor.db, caller, memberId })).id,
    }
  }
  if (memberId !== user.id) throw new AppError('NOT_FOUND', 'Member not found.')
  return { organisationId: user.organisationId, memberId }
}

import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import { staffGymRoles, subscriptions } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { assertSubscriptionVersion } from '~/server/services/subscriptions/subscription-version.server'
import { type Actor, requireSignedIn } from './actor.server'

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

/** The version the caller read must still be the current one. */
export function assertVersion(subscription: { version: number }, version: number) {
  assertSubscriptionVersion({ subscription, version })
}

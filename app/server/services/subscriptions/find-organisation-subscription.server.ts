import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { subscriptions } from '~/db/schema'
import { notFound } from '../service-input.server'

/** The subscription, if it belongs to the organisation; otherwise NOT_FOUND, as for a missing one. */
export async function findOrganisationSubscription(options: {
  db: Db
  organisationId: number
  subscriptionId: number
}): Promise<typeof subscriptions.$inferSelect> {
  const { db, organisationId, subscriptionId } = options
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), ownedBy(subscriptions, organisationId)))
  if (!subscription) throw notFound('Subscription')
  return subscription
}

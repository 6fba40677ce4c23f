import { and, count, desc, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { webhookEvents } from '~/db/schema'

export type WebhookEventRow = typeof webhookEvents.$inferSelect

/** One page of the webhooks a provider sent about an organisation, newest first. */
export async function findWebhookEventPage(options: {
  db: Db
  organisationId: number
  provider: WebhookEventRow['provider']
  page: number
  perPage: number
}): Promise<{ rows: WebhookEventRow[]; total: number }> {
  const { db } = options
  const where = and(
    ownedBy(webhookEvents, options.organisationId),
    eq(webhookEvents.provider, options.provider),
  )
  const [total] = await db.select({ count: count() }).from(webhookEvents).where(where)
  const rows = await db
    .select()
    .from(webhookEvents)
    .where(where)
    .orderBy(desc(webhookEvents.receivedAt), desc(webhookEvents.id))
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
  return { rows, total: total?.count ?? 0 }
}

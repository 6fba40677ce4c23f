import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { WebhookProvider, WebhookResult } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { webhookEvents } from '~/db/schema'

export type WebhookEventRow = typeof webhookEvents.$inferSelect

/**
 * One page of the provider events of an organisation, newest first, filtered by provider, type and
 * result (the webhooks screen, and the Akahu log of SPEC §7). Read through the organisation's
 * (organisation, received_at, id) index.
 */
export async function findWebhookEventPage(options: {
  db: Db
  organisationId: number
  provider?: WebhookProvider
  type?: string
  result?: WebhookResult
  page: number
  perPage: number
}): Promise<{ rows: WebhookEventRow[]; total: number }> {
  const { db } = options
  const filters: SQL[] = [ownedBy(webhookEvents, options.organisationId)]
  if (options.provider) filters.push(eq(webhookEvents.provider, options.provider))
  if (options.type) filters.push(eq(webhookEvents.type, options.type))
  if (options.result) filters.push(eq(webhookEvents.result, options.result))
  const where = and(...filters)
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

/** The event types the organisation has received, for the type filter. */
export async function findWebhookEventTypes(options: { db: Db; organisationId: number }): Promise<string[]> {
  const rows = await options.db
    .selectDistinct({ type: webhookEvents.type })
    .from(webhookEvents)
    .where(ownedBy(webhookEvents, options.organisationId))
    .orderBy(asc(webhookEvents.type))
    .limit(200)
  return rows.map((row) => row.type)
}

/** One event of the organisation, or undefined (another organisation's is not found). */
export async function findWebhookEvent(options: { db: Db; organisationId: number; id: number }) {
  const [row] = await options.db
    .select()
    .from(webhookEvents)
    .where(and(ownedBy(webhookEvents, options.organisationId), eq(webhookEvents.id, options.id)))
  return row
}

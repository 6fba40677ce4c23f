import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { WebhookProvider } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { webhookEvents } from '~/db/schema'
import { attributeWebhook } from './process-webhook.server'

export type WebhookEventRow = typeof webhookEvents.$inferSelect

/**
 * Stores a verified delivery once: the unique (provider, event id) makes a redelivery a no-op that
 * answers the first one's row (`duplicate`). The caller enqueues processing for a new row only.
 */
export async function storeWebhookEvent(options: {
  db: Db
  provider: WebhookProvider
  eventId: string
  type: string
  payload: unknown
  now: Date
}): Promise<{ row: WebhookEventRow; duplicate: boolean }> {
  const { db, provider } = options
  const [inserted] = await db
    .insert(webhookEvents)
    .values({
      provider,
      eventId: options.eventId,
      type: options.type.slice(0, 200),
      payload: options.payload ?? {},
      receivedAt: options.now,
      signatureVerified: true,
      result: 'received',
    })
    .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.eventId] })
    .returning()
  if (inserted) return { row: inserted, duplicate: false }
  const [existing] = await db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, options.eventId)))
  if (!existing) throw new Error('Webhook event neither stored nor found')
  return { row: existing, duplicate: true }
}

/**
 * A delivery whose signature did not verify: kept (never processed) so the attempt shows on the
 * webhooks screen, under the organisation its body claims when that names one of ours — its payload
 * is shown as what it is, unverified.
 */
export async function recordRefusedWebhook(options: {
  db: Db
  provider: WebhookProvider
  type: string
  payload: unknown
  message: string
  now: Date
}): Promise<WebhookEventRow> {
  const { db } = options
  const organisationId = await attributeWebhook({ db, provider: options.provider, payload: options.payload })
  const [row] = await db
    .insert(webhookEvents)
    .values({
      provider: options.provider,
      // Never the claimed id: a forged delivery must not take the real event's place.
      eventId: `refused:${randomUUID()}`,
      type: options.type.slice(0, 200),
      payload: options.payload ?? {},
      receivedAt: options.now,
      signatureVerified: false,
      result: 'refused',
      error: options.message,
      organisationId,
    })
    .returning()
  if (!row) throw new Error('Refused webhook not recorded')
  return row
}

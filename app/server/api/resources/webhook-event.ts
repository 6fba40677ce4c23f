import type { WebhookEvent } from '~/contracts/webhooks'
import type { WebhookEventRow } from '~/server/services/webhooks/find-webhook-events.server'
import { redactPayload } from '~/server/webhooks/redact-payload'

/** A stored provider event for the webhooks screen: its payload without secrets or card data. */
export function toWebhookEventResource(row: WebhookEventRow): WebhookEvent {
  return {
    id: row.id,
    provider: row.provider,
    event_id: row.eventId,
    type: row.type,
    received_at: row.receivedAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
    signature_verified: row.signatureVerified,
    result: row.result,
    note: row.note,
    error: row.error,
    attempts: row.attempts,
    payload: JSON.stringify(redactPayload(row.payload), null, 2),
  }
}

import type { WebhookProvider } from '~/contracts/enums'
import type { DatabaseHandle } from '~/db/client.server'
import { tryConsumeLimit } from '~/server/auth/rate-limits.server'
import type { ProviderConfig } from '~/server/providers/provider-config.server'
import { recordRefusedWebhook } from './receive-webhook.server'
import { verifyDelivery } from './verify-webhook.server'
import { acceptWebhookEvent } from './webhook-jobs.server'

/**
 * The receiving end (ADR 040): the raw body, verified before anything parses it. A refused delivery is
 * recorded (30 per sender and provider in 15 minutes, so a flood of forged deliveries is refused all
 * the same but does not fill the table) and answered with why; a verified one is stored once, its
 * effect left to the job queue.
 */
export async function receiveDelivery(options: {
  handle: DatabaseHandle
  provider: WebhookProvider
  config: ProviderConfig
  raw: string
  header: (name: string) => string | undefined
  /** Who sent it (their address), for the refusals' limit. */
  sender: string
  now: Date
}): Promise<{ refused: string } | { refused: null }> {
  const { handle, provider, now } = options
  const delivery = await verifyDelivery(options)
  if (!delivery.verified) {
    const kept = await tryConsumeLimit({
      db: handle.db,
      name: 'webhookRefusedIp',
      key: `${provider}:${options.sender}`,
    })
    if (kept) {
      await recordRefusedWebhook({
        db: handle.db,
        provider,
        type: delivery.type,
        payload: delivery.payload,
        message: delivery.message,
        now,
      })
    }
    return { refused: delivery.message }
  }
  await acceptWebhookEvent({
    handle,
    provider,
    eventId: delivery.eventId,
    type: delivery.type,
    payload: delivery.payload,
    now,
  })
  return { refused: null }
}

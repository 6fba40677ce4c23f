import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { requireOrganisationAdmin } from '~/access/caller.server'
import { paginate } from '~/contracts/api/envelope'
import { webhookRoutes as routes } from '~/contracts/api/webhooks.routes'
import type { WebhookProvider } from '~/contracts/enums'
import { tryConsumeLimit } from '~/server/auth/rate-limits.server'
import { getProviderConfig } from '~/server/providers/provider-config.server'
import {
  findWebhookEventPage,
  findWebhookEventTypes,
} from '~/server/services/webhooks/find-webhook-events.server'
import { reprocessWebhookEvent } from '~/server/services/webhooks/reprocess-webhook-event.server'
import { recordRefusedWebhook } from '~/server/webhooks/receive-webhook.server'
import { verifyDelivery } from '~/server/webhooks/verify-webhook.server'
import { acceptWebhookEvent } from '~/server/webhooks/webhook-jobs.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { clientIp } from '../request-info'
import { toWebhookEventResource } from '../resources/webhook-event'

/**
 * The receiving end: the raw body is read once, as bytes turned text, and verified before anything
 * parses it; a refused delivery is recorded (30 per sender and provider in 15 minutes) and answered
 * 400 in words; a verified one is stored once
 * and answered 200 at once, its effect left to the job queue.
 */
async function receive(c: Context<ApiEnv>, provider: WebhookProvider) {
  const raw = await c.req.text()
  const now = c.var.now
  const delivery = await verifyDelivery({
    provider,
    config: getProviderConfig(),
    raw,
    header: (name) => c.req.header(name),
    now,
  })
  if (!delivery.verified) {
    // Kept for the webhooks screen up to a limit per sender: a flood of forged deliveries is refused
    // all the same, but does not fill the table.
    const kept = await tryConsumeLimit({
      db: c.var.database.db,
      name: 'webhookRefusedIp',
      key: `${provider}:${clientIp(c)}`,
    })
    if (kept) {
      await recordRefusedWebhook({
        db: c.var.database.db,
        provider,
        type: delivery.type,
        payload: delivery.payload,
        message: delivery.message,
        now,
      })
    }
    return c.json({ message: delivery.message }, 400)
  }
  await acceptWebhookEvent({
    handle: c.var.database,
    provider,
    eventId: delivery.eventId,
    type: delivery.type,
    payload: delivery.payload,
    now,
  })
  return c.json({ received: true as const }, 200)
}

export function registerWebhookRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.stripe, (c) => receive(c, 'stripe'))
  api.openapi(routes.akahu, (c) => receive(c, 'akahu'))
  api.openapi(routes.kisi, (c) => receive(c, 'kisi'))

  api.openapi(routes.list, async (c) => {
    const caller = await requireOrganisationAdmin(actorOf(c), c.req.valid('param').id)
    const query = c.req.valid('query')
    const page = await findWebhookEventPage({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      provider: query.provider,
      type: query.type,
      result: query.result,
      page: query.page,
      perPage: query.per_page,
    })
    const rows = page.rows.map(toWebhookEventResource)
    return c.json(paginate({ ...page, rows, page: query.page, perPage: query.per_page, url: c.req.url }), 200)
  })

  api.openapi(routes.types, async (c) => {
    const caller = await requireOrganisationAdmin(actorOf(c), c.req.valid('param').id)
    const types = await findWebhookEventTypes({
      db: c.var.database.db,
      organisationId: caller.organisationId,
    })
    return c.json({ data: types }, 200)
  })

  api.openapi(routes.reprocess, async (c) => {
    const params = c.req.valid('param')
    const caller = await requireOrganisationAdmin(actorOf(c), params.id)
    const row = await reprocessWebhookEvent({
      db: c.var.database.db,
      payments: c.var.payments,
      mailer: c.var.mailer,
      now: c.var.now,
      organisationId: caller.organisationId,
      actorUserId: caller.user.id,
      webhookEventId: params.eventId,
    })
    return c.json({ data: toWebhookEventResource(row) }, 200)
  })
}

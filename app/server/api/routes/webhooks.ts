import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { requireOrganisationAdmin } from '~/access/caller.server'
import { paginate } from '~/contracts/api/envelope'
import { webhookRoutes as routes } from '~/contracts/api/webhooks.routes'
import type { WebhookProvider } from '~/contracts/enums'
import { getProviderConfig } from '~/server/providers/provider-config.server'
import {
  findWebhookEventPage,
  findWebhookEventTypes,
} from '~/server/services/webhooks/find-webhook-events.server'
import { reprocessWebhookEvent } from '~/server/services/webhooks/reprocess-webhook-event.server'
import { receiveDelivery } from '~/server/webhooks/receive-delivery.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { clientIp } from '../request-info'
import { toWebhookEventResource } from '../resources/webhook-event'

/** The receiving end: the raw body read once, as bytes turned text; a refusal answered 400 in words. */
async function receive(c: Context<ApiEnv>, provider: WebhookProvider) {
  const received = await receiveDelivery({
    handle: c.var.database,
    provider,
    config: getProviderConfig(),
    raw: await c.req.text(),
    header: (name) => c.req.header(name),
    sender: clientIp(c),
    now: c.var.now,
  })
  if (received.refused !== null) return c.json({ message: received.refused }, 400)
  return c.json({ received: true as const }, 200)
}

export function registerWebhookRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.stripe, (c) => receive(c, 'stripe'))
  api.openapi(routes.akahu, (c) => receive(c, 'akahu'))
  api.openapi(routes.kisi, (c) => receive(c, 'kisi'))

  api.openapi(routes.list, async (c) => {
    const caller = await requireOrganisationAdmin(actorOf(c), c.req.valid('param').id)
    const query = c.req.valid('query')
    return answerWebhookEventPage(c, {
      organisationId: caller.organisationId,
      provider: query.provider,
      type: query.type,
      result: query.result,
      page: query.page,
      perPage: query.per_page,
    })
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

/** A page of the organisation's webhook events, as the webhooks screen and the Akahu settings list them. */
export async function answerWebhookEventPage(
  c: Context<ApiEnv>,
  options: Omit<Parameters<typeof findWebhookEventPage>[0], 'db'>,
) {
  const page = await findWebhookEventPage({ ...options, db: c.var.database.db })
  const rows = page.rows.map(toWebhookEventResource)
  return c.json(
    paginate({ ...page, rows, page: options.page, perPage: options.perPage, url: c.req.url }),
    200,
  )
}

import type { OpenAPIHono } from '@hono/zod-openapi'
import { priceChanger } from '~/access/subscriptions.server'
import { priceChangeRoutes as routes } from '~/contracts/api/price-changes.routes'
import { findPriceMemberships } from '~/server/services/subscriptions/find-price-memberships.server'
import {
  previewPriceChanges,
  schedulePriceChanges,
} from '~/server/services/subscriptions/schedule-price-changes.server'
import { actorOf, staffAction } from '../actor'
import type { ApiEnv } from '../context'

/** The bulk price change (issue 15): a price's memberships, what moving them would do, and the move. */
export function registerPriceChangeRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.memberships, async (c) => {
    const { caller, price, scope } = await priceChanger(actorOf(c), c.req.valid('param').id)
    const data = await findPriceMemberships({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      scope,
      priceId: price.id,
      now: c.var.now,
    })
    return c.json({ data }, 200)
  })

  api.openapi(routes.preview, async (c) => {
    const body = c.req.valid('json')
    const { caller, allowed } = await priceChanger(actorOf(c), body.price_id)
    const changes = await previewPriceChanges({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: caller.organisationId,
      priceId: body.price_id,
      date: body.date,
      subscriptions: body.subscriptions,
      allowed,
    })
    return c.json({ data: { changes } }, 200)
  })

  api.openapi(routes.schedule, async (c) => {
    const body = c.req.valid('json')
    const { caller, allowed } = await priceChanger(actorOf(c), body.price_id)
    const scheduled = await schedulePriceChanges({
      ...staffAction(c, caller),
      mailer: c.var.mailer,
      priceId: body.price_id,
      date: body.date,
      subscriptions: body.subscriptions,
      allowed,
    })
    return c.json({ data: { scheduled } }, 200)
  })
}

import type { OpenAPIHono } from '@hono/zod-openapi'
import { priceHistoryMember, subscriptionFor } from '~/access/subscriptions.server'
import { subscriptionRoutes as routes } from '~/contracts/api/subscriptions.routes'
import { surchargeTotal } from '~/server/billing/amounts'
import { findOrganisation } from '~/server/services/organisations/find-organisation.server'
import { changeMembershipPrice } from '~/server/services/subscriptions/change-membership-price.server'
import { findPriceChangeHistory } from '~/server/services/subscriptions/find-price-change-history.server'
import { previewPriceChangeMail } from '~/server/services/subscriptions/preview-price-change-mail.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { requireUser } from '../middleware/session'
import { toMembershipChangeResource, toPriceChangeHistoryResource } from '../resources/subscription'
import { changeOf } from './subscriptions'

/** A membership's price: schedule a change (with its notice), preview it, its history, and card surcharges. */
export function registerSubscriptionPriceRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.schedulePriceChange, async (c) => {
    const { subscription_id, version, price_id, date } = c.req.valid('json')
    const change = await changeOf(c, subscription_id)
    const changed = await changeMembershipPrice({ ...change, version, priceId: price_id, date })
    return c.json({ data: toMembershipChangeResource(changed, c.var.now) }, 200)
  })

  api.openapi(routes.preview, async (c) => {
    const body = c.req.valid('json')
    const { subscription } = await subscriptionFor(actorOf(c), body.subscription_id, 'manage')
    const mail = await previewPriceChangeMail({
      db: c.var.database.db,
      now: c.var.now,
      subscription,
      priceId: body.price_id,
      date: body.date,
    })
    return c.json({ data: mail }, 200)
  })

  api.openapi(routes.history, async (c) => {
    const whose = await priceHistoryMember(actorOf(c), c.req.valid('param').id)
    const rows = await findPriceChangeHistory({ db: c.var.database.db, ...whose })
    return c.json({ data: rows.map(toPriceChangeHistoryResource) }, 200)
  })

  api.openapi(routes.surchargeTotal, async (c) => {
    const { user } = requireUser(c)
    const query = c.req.valid('query')
    const organisation = await findOrganisation({
      db: c.var.database.db,
      organisationId: user.organisationId,
    })
    const total = surchargeTotal({
      amount: query.amount,
      paymentType: query.payment_type,
      settings: organisation,
    })
    return c.json(
      {
        data: {
          amount: total.amount,
          surcharge: total.surcharge,
          total: total.total,
          surcharge_text: total.surchargeText,
        },
      },
      200,
    )
  })
}

import type { OpenAPIHono } from '@hono/zod-openapi'
import { findJoinOfferings } from '~/server/services/offerings/find-join-offerings.server'
import type { ApiEnv } from '../context'
import { joinRoutes as routes } from './join.routes'

export function registerJoinRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.offerings, async (c) => {
    const found = await findJoinOfferings({ db: c.var.database.db, gymUuid: c.req.valid('param').uuid })
    const data = found.map(({ offering, prices }) => ({
      id: offering.id,
      name: offering.name,
      description: offering.description,
      type: offering.type,
      prices: prices.map((price) => ({
        id: price.id,
        amount: price.amount,
        billing_frequency: price.billingFrequency,
        joining_fee: price.joiningFee,
        term_amount: price.termAmount,
        term_unit: price.termUnit,
      })),
    }))
    return c.json({ data }, 200)
  })
}

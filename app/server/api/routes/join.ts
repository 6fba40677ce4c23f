import type { OpenAPIHono } from '@hono/zod-openapi'
import { joinRoutes as routes } from '~/contracts/api/join.routes'
import { findJoinOfferings } from '~/server/services/offerings/find-join-offerings.server'
import type { ApiEnv } from '../context'
import { toJoinOfferingResource } from '../resources/join-offering'

export function registerJoinRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.offerings, async (c) => {
    const found = await findJoinOfferings({ db: c.var.database.db, gymUuid: c.req.valid('param').uuid })
    const data = found.map(toJoinOfferingResource)
    return c.json({ data }, 200)
  })
}

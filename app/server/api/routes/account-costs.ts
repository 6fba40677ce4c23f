import type { OpenAPIHono } from '@hono/zod-openapi'
import { accountCostsRoutes as routes } from '~/contracts/api/account-costs.routes'
import { findAccountCosts } from '~/server/services/account/find-account-costs.server'
import { memberCall } from '../actor'
import type { ApiEnv } from '../context'
import { toAccountCostsResource } from '../resources/account-costs'

/** The member's own account: what their membership costs (issue 28 point 2). */
export function registerAccountCostsRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.show, async (c) => {
    const costs = await findAccountCosts(memberCall(c))
    return c.json({ data: toAccountCostsResource(costs) }, 200)
  })
}

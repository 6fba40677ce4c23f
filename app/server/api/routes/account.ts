import type { OpenAPIHono } from '@hono/zod-openapi'
import { accountRoutes as routes } from '~/contracts/api/account.routes'
import { findAccountOverview } from '~/server/services/account/find-account-overview.server'
import { memberCall } from '../actor'
import type { ApiEnv } from '../context'

/** The member's own account (issue 28). */
export function registerAccountRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.overview, async (c) => {
    const account = await findAccountOverview({ ...memberCall(c), doors: c.var.doors })
    return c.json({ data: account }, 200)
  })
}

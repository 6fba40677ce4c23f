import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireOrganisationAdmin } from '~/access/caller.server'
import { recordFailedDemoWebhookEvent } from '~/server/seed/demo-webhooks.server'
import type { ApiEnv } from '../context'
import { toWebhookEventResource } from '../resources/webhook-event'
import { testSupportRoutes as routes } from './test-support.routes'

/** Registered only with `TEST_SUPPORT_ROUTES=true` (see `test-support.routes.ts`). */
export function registerTestSupportRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.failedWebhookEvent, async (c) => {
    const caller = await requireOrganisationAdmin(c, c.req.valid('param').id)
    const row = await recordFailedDemoWebhookEvent({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: caller.organisationId,
    })
    return c.json({ data: toWebhookEventResource(row) }, 201)
  })
}

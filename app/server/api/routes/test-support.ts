import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireOrganisationAdmin } from '~/access/caller.server'
import { testSupportRoutes as routes } from '~/contracts/api/test-support.routes'
import { scanDatabaseForSecrets } from '~/server/security/scan-database.server'
import { recordFailedDemoWebhookEvent } from '~/server/seed/demo-webhooks.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { toWebhookEventResource } from '../resources/webhook-event'

/** Registered only with `TEST_SUPPORT_ROUTES=true` (see `test-support.routes.ts`). */
export function registerTestSupportRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.failedWebhookEvent, async (c) => {
    const caller = await requireOrganisationAdmin(actorOf(c), c.req.valid('param').id)
    const row = await recordFailedDemoWebhookEvent({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: caller.organisationId,
    })
    return c.json({ data: toWebhookEventResource(row) }, 201)
  })

  // The whole database, every organisation's: no session is asked for, as the route exists only on the
  // browser tests' own server (TEST_SUPPORT_ROUTES), and it answers masked values only.
  api.openapi(routes.secretsAtRest, async (c) => {
    const { codes, tokens } = c.req.valid('json')
    const findings = await scanDatabaseForSecrets({ db: c.var.database.db, sent: { codes, tokens } })
    return c.json({ data: findings }, 200)
  })
}

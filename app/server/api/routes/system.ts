import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { healthSchema } from '~/features/system/contract'
import { getDatabaseHealth } from '~/server/services/system/get-database-health.server'
import type { ApiEnv } from '../context'

const health = createRoute({
  method: 'get',
  path: '/health',
  tags: ['System'],
  summary: 'Liveness and database check',
  responses: {
    200: {
      description: 'The app and its database answer',
      content: { 'application/json': { schema: healthSchema } },
    },
  },
})

export function registerSystemRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(health, async (c) => {
    const database = await getDatabaseHealth({ database: c.get('database') })
    return c.json({ status: 'ok' as const, database, time: new Date().toISOString() }, 200)
  })
}

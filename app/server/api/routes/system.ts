import type { OpenAPIHono } from '@hono/zod-openapi'
import { getDatabaseHealth } from '~/server/services/system/get-database-health.server'
import type { ApiEnv } from '../context'
import { systemRoutes } from './system.routes'

export function registerSystemRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(systemRoutes.health, async (c) => {
    const database = await getDatabaseHealth({ database: c.get('database') })
    return c.json({ status: 'ok' as const, database, time: new Date().toISOString() }, 200)
  })
}

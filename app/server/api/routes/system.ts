import type { OpenAPIHono } from '@hono/zod-openapi'
import { systemRoutes } from '~/contracts/api/system.routes'
import { findDemoHistoryState } from '~/server/services/demo/find-demo-history-state.server'
import { getDatabaseHealth } from '~/server/services/system/get-database-health.server'
import type { ApiEnv } from '../context'

export function registerSystemRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(systemRoutes.health, async (c) => {
    const database = await getDatabaseHealth({ database: c.get('database') })
    const demoHistory = await findDemoHistoryState({ db: c.get('database').db })
    return c.json(
      { status: 'ok' as const, database, time: new Date().toISOString(), demo_history: demoHistory },
      200,
    )
  })
}

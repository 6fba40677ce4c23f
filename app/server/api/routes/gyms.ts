import type { OpenAPIHono } from '@hono/zod-openapi'
import { loadSessionUser } from '~/server/auth/session-user.server'
import { switchCurrentGym } from '~/server/services/users/switch-current-gym.server'
import type { ApiEnv } from '../context'
import { requireUser } from '../middleware/session'
import { gymRoutes } from './gyms.routes'

export function registerGymSwitchRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(gymRoutes.switch, async (c) => {
    const { user } = requireUser(c)
    const db = c.var.database.db
    const updated = await switchCurrentGym({ db, user, gymId: c.req.valid('param').id, now: c.var.now })
    return c.json({ data: await loadSessionUser({ db, user: updated }) }, 200)
  })
}

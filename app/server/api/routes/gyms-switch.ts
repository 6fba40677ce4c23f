import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { sessionUserSchema } from '~/features/auth/contract'
import { gymIdParamsSchema } from '~/features/shell/contract'
import { loadSessionUser } from '~/server/auth/session-user.server'
import { switchCurrentGym } from '~/server/services/users/switch-current-gym.server'
import type { ApiEnv } from '../context'
import { dataEnvelope, messageSchema } from '../envelope'
import { requireUser } from '../middleware/session'
import { errorResponses, jsonResponse } from '../openapi'

const switchGym = createRoute({
  method: 'post',
  path: '/gyms/{id}/switch',
  tags: ['Gyms'],
  summary: 'Make one of your gyms the current gym',
  description:
    'No body. The gym must be one the caller works at (or, for a member, belongs to); any other gym, ' +
    'another organisation’s included, is a 404. Answers the session user with the new `current_gym`.',
  request: { params: gymIdParamsSchema },
  responses: {
    200: jsonResponse('The session user', dataEnvelope(sessionUserSchema)),
    401: errorResponses[401],
    404: jsonResponse('A gym the caller cannot see', messageSchema),
  },
})

export function registerGymSwitchRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(switchGym, async (c) => {
    const { user } = requireUser(c)
    const db = c.var.database.db
    const updated = await switchCurrentGym({ db, user, gymId: c.req.valid('param').id, now: c.var.now })
    return c.json({ data: await loadSessionUser({ db, user: updated }) }, 200)
  })
}

import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { sessionUserSchema } from '~/features/auth/contract'
import { AppError } from '~/lib/errors'
import type { ApiEnv } from '../context'
import { dataEnvelope, messageSchema } from '../envelope'

const me = createRoute({
  method: 'get',
  path: '/me',
  tags: ['Authentication'],
  summary: 'The signed-in user',
  responses: {
    200: {
      description: 'The session user',
      content: { 'application/json': { schema: dataEnvelope(sessionUserSchema) } },
    },
    401: { description: 'Not signed in', content: { 'application/json': { schema: messageSchema } } },
  },
})

export function registerMeRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(me, (c) => {
    const user = c.get('sessionUser')
    if (!user) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.')
    return c.json({ data: user }, 200)
  })
}

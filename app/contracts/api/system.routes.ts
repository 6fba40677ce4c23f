import { healthSchema } from '~/contracts/system'
import { createRoute } from './openapi'

export const systemRoutes = {
  health: createRoute({
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
  }),
}

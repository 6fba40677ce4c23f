import { healthSchema } from '~/contracts/system'
import { routeGroup } from './openapi'

const { route } = routeGroup(['System'], {})

export const systemRoutes = {
  health: route('get', '/health', {
    summary: 'Liveness and database check',
    responses: {
      200: {
        description: 'The app and its database answer',
        content: { 'application/json': { schema: healthSchema } },
      },
    },
  }),
}

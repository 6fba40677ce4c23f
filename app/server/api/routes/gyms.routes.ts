import { createRoute } from '@hono/zod-openapi'
import { sessionUserSchema } from '~/features/auth/contract'
import { gymIdParamsSchema } from '~/features/shell/contract'
import { dataEnvelope, messageSchema } from '../envelope'
import { errorResponses, jsonResponse } from '../openapi'

export const gymRoutes = {
  switch: createRoute({
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
  }),
}

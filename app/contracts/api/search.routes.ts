import { searchRequestSchema, searchResultSchema } from '~/contracts/shell'
import { z } from '~/lib/validation'
import { dataEnvelope } from './envelope'
import { createRoute, errorResponses, jsonBody, jsonResponse } from './openapi'

export const searchRoutes = {
  search: createRoute({
    method: 'post',
    path: '/search',
    tags: ['Dashboard and search'],
    summary: 'Find members by part of their name or e-mail',
    description:
      'The console’s global search: members of the caller’s organisation and gyms whose name or e-mail ' +
      'contains `query` (case-insensitive), at most 10: those whose name starts with it first, then ' +
      'surname, then e-mail, then the rest; alphabetical within each.',
    request: jsonBody(searchRequestSchema),
    responses: {
      200: jsonResponse('Matching members', dataEnvelope(z.array(searchResultSchema))),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
}

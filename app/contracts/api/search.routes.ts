import { searchRequestSchema, searchResultSchema } from '~/contracts/shell'
import { z } from '~/lib/validation'
import { dataResponse, errorResponses, jsonBody, routeGroup } from './openapi'

const { route } = routeGroup(['Dashboard and search'], {
  401: errorResponses[401],
  403: errorResponses[403],
  422: errorResponses[422],
})

export const searchRoutes = {
  search: route('post', '/search', {
    summary: 'Find members by part of their name or e-mail',
    description:
      'The console’s global search: members of the caller’s organisation and gyms whose name or e-mail ' +
      'contains `query` (case-insensitive), at most 10: those whose name starts with it first, then ' +
      'surname, then e-mail, then the rest; alphabetical within each.',
    request: jsonBody(searchRequestSchema),
    responses: {
      200: dataResponse('Matching members', z.array(searchResultSchema)),
    },
  }),
}

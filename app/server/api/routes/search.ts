import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { searchRequestSchema, searchResultSchema } from '~/features/shell/contract'
import { z } from '~/lib/validation'
import { searchMembers } from '~/server/services/members/search-members.server'
import { requireStaffUser } from '../authorise'
import type { ApiEnv } from '../context'
import { dataEnvelope } from '../envelope'
import { errorResponses, jsonBody, jsonResponse } from '../openapi'

const search = createRoute({
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
})

export function registerSearchRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(search, async (c) => {
    // The caller's gyms are read by the search's own statement (one round trip instead of three).
    const user = requireStaffUser(c)
    const { query } = c.req.valid('json')
    const data = await searchMembers({
      db: c.var.database.db,
      caller: {
        userId: user.id,
        organisationId: user.organisationId,
        isOrganisationAdmin: user.organisationRole === 'admin',
      },
      query,
    })
    return c.json({ data }, 200)
  })
}

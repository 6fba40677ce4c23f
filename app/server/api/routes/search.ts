import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { searchRequestSchema, searchResultSchema } from '~/features/shell/contract'
import { z } from '~/lib/validation'
import { searchMembers } from '~/server/services/members/search-members.server'
import { gymScope, requireStaff } from '../authorise'
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
    'contains `query` (case-insensitive), closest first, at most 10.',
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
    const caller = await requireStaff(c)
    const { query } = c.req.valid('json')
    const data = await searchMembers({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      scope: gymScope(caller, undefined),
      query,
    })
    return c.json({ data }, 200)
  })
}

import { visitFiltersSchema, visitRowSchema, visitsQuerySchema } from '~/contracts/visits'
import { z } from '~/lib/validation'
import { paginatedEnvelope } from './envelope'
import { createRoute, jsonBody, jsonResponse, staffErrors } from './openapi'

/**
 * The visits of the console (issue 16): every entry and refused entry at the caller's gyms, and the
 * list as a CSV file. Every staff member; organisation admins see every gym's visits, others their gyms'.
 */

const tags = ['Visits']

export const visitRoutes = {
  list: createRoute({
    method: 'get',
    path: '/visits',
    tags,
    summary: 'The visits at the caller’s gyms, filtered, sorted and paged',
    description:
      'Latest first by default. `from`/`to` are Auckland days, inclusive; `successful=false` lists the ' +
      'refused entries, each with why in words when the door said; `search` a member’s name or e-mail.',
    request: { query: visitsQuerySchema },
    responses: { 200: jsonResponse('A page of visits', paginatedEnvelope(visitRowSchema)), ...staffErrors },
  }),
  export: createRoute({
    method: 'post',
    path: '/visits/export',
    tags,
    summary: 'The filtered visits list as a CSV file',
    description:
      'The same filters and order as `GET /visits` (as a JSON body), every matching visit, streamed as it ' +
      'is read. Day and time in en-NZ (Auckland) with the ISO instant beside them; a cell that would start ' +
      'a spreadsheet formula is prefixed with an apostrophe. Audited.',
    request: jsonBody(visitFiltersSchema),
    responses: {
      200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
      ...staffErrors,
    },
  }),
}

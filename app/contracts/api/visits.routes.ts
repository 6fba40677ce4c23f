import { visitFiltersSchema, visitRowSchema, visitsQuerySchema } from '~/contracts/visits'
import { pageResponse, routeGroup, staffErrors } from './openapi'

/**
 * The visits of the console (issue 16): every entry and refused entry at the caller's gyms, and the
 * list as a CSV file. Every staff member; organisation admins see every gym's visits, others their gyms'.
 */

const { route, csvExport } = routeGroup(['Visits'], staffErrors)

export const visitRoutes = {
  list: route('get', '/visits', {
    summary: 'The visits at the caller’s gyms, filtered, sorted and paged',
    description:
      'Latest first by default. `from`/`to` are Auckland days, inclusive; `successful=false` lists the ' +
      'refused entries, each with why in words when the door said; `search` a member’s name or e-mail.',
    request: { query: visitsQuerySchema },
    responses: { 200: pageResponse('A page of visits', visitRowSchema) },
  }),
  export: csvExport('/visits/export', visitFiltersSchema, {
    summary: 'The filtered visits list as a CSV file',
    description:
      'The same filters and order as `GET /visits` (as a JSON body), every matching visit, streamed as it ' +
      'is read. Day and time in en-NZ (Auckland) with the ISO instant beside them; a cell that would start ' +
      'a spreadsheet formula is prefixed with an apostrophe. Audited.',
  }),
}

import { createRoute } from '@hono/zod-openapi'
import {
  memberFilterOptionsSchema,
  memberFiltersSchema,
  memberRowSchema,
  membersQuerySchema,
} from '~/features/members/contract'
import { z } from '~/lib/validation'
import { dataEnvelope, paginatedEnvelope } from '../envelope'
import { jsonBody, jsonResponse, staffErrors } from '../openapi'

/**
 * The members of the console (issue 15): the list with its filters, what the filters offer, and the
 * list as a CSV file. Staff only; organisation admins see every gym's members, other staff their gyms'.
 */

const tags = ['Members']

export const memberRoutes = {
  list: createRoute({
    method: 'get',
    path: '/members',
    tags,
    summary: 'The members in the caller’s gyms, filtered, sorted and paged',
    description:
      'Each member with their latest membership (its gym, else their home gym; offering, price, the ' +
      'display states of SPEC §4 and card colour), balance owing, last successful visit and when they ' +
      'joined. `state` filters by a display state, `cancelling` (cancelled, still running to the end of ' +
      'a paid period) or `no_subscription`; `not_visited_days=N`: no successful visit on any of the last N ' +
      'days (today included); `owing=true|false`; `joined_from`/`joined_to` are Auckland days, inclusive. ' +
      'Money (`price.amount`, `balance_owing`, the `owing` filter and the `balance` sort) is null or ' +
      'ignored for staff without the payments area (trainers).',
    request: { query: membersQuerySchema },
    responses: { 200: jsonResponse('A page of members', paginatedEnvelope(memberRowSchema)), ...staffErrors },
  }),
  filterOptions: createRoute({
    method: 'get',
    path: '/members/filter-options',
    tags,
    summary: 'What the members list’s filters offer the caller',
    description: 'The caller’s gyms, the offerings at them, the tags in use, and whether they see money.',
    responses: { 200: jsonResponse('The options', dataEnvelope(memberFilterOptionsSchema)), ...staffErrors },
  }),
  export: createRoute({
    method: 'post',
    path: '/members/export',
    tags,
    summary: 'The filtered members list as a CSV file',
    description:
      'The same filters and order as `GET /members` (as a JSON body), every matching member, streamed as ' +
      'it is read. Money in dollars, days in en-NZ with an ISO column beside them; a cell that would start ' +
      'a spreadsheet formula (`=`, `+`, `-`, `@`) is prefixed with an apostrophe. Audited.',
    request: jsonBody(memberFiltersSchema),
    responses: {
      200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
      ...staffErrors,
    },
  }),
}

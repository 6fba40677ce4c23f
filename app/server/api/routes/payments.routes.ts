import { createRoute } from '@hono/zod-openapi'
import {
  paymentFiltersSchema,
  paymentRowSchema,
  paymentsQuerySchema,
  paymentTotalsSchema,
} from '~/features/payments/contract'
import { z } from '~/lib/validation'
import { paginatedEnvelope } from '../envelope'
import { jsonBody, jsonResponse, staffErrors } from '../openapi'

/**
 * The payments of the console (issue 16): the list with its totals, and the list as a CSV file. For
 * staff with the payments area (organisation and gym admins, ADR 014); organisation admins see every
 * gym's payments, gym admins their gyms'.
 */

const tags = ['Payments']

export const paymentRoutes = {
  list: createRoute({
    method: 'get',
    path: '/payments',
    tags,
    summary: 'The payments of the caller’s gyms, filtered, sorted and paged, with the filtered totals',
    description:
      'Newest due first by default. `status` is how SPEC §4 reads a payment (`pending` is a request ' +
      'waiting at the bank; any status but sent, upcoming and pending is `failed`, with the reason in ' +
      'words); `type` bank, card or manual (at the desk); `due_from`/`due_to` are Auckland days, ' +
      'inclusive; `amount_min`/`amount_max` in cents, inclusive; `retries=true` lists only retries; ' +
      '`search` a member’s name or e-mail. A withdrawn payment (`cancelled`) was never owed and is not ' +
      'listed. `totals` sums amount and surcharge over every matching payment, not only the page.',
    request: { query: paymentsQuerySchema },
    responses: {
      200: jsonResponse(
        'A page of payments and the totals',
        paginatedEnvelope(paymentRowSchema).extend({ totals: paymentTotalsSchema }),
      ),
      ...staffErrors,
    },
  }),
  export: createRoute({
    method: 'post',
    path: '/payments/export',
    tags,
    summary: 'The filtered payments list as a CSV file',
    description:
      'The same filters and order as `GET /payments` (as a JSON body), every matching payment, streamed ' +
      'as it is read. Money in dollars, days in en-NZ with an ISO column beside them; a cell that would ' +
      'start a spreadsheet formula is prefixed with an apostrophe. Audited.',
    request: jsonBody(paymentFiltersSchema),
    responses: {
      200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
      ...staffErrors,
    },
  }),
}

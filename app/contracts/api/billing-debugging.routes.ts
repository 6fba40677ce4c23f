import {
  activeUserCountsQuerySchema,
  activeUserCountsSchema,
  activeUserQuerySchema,
  activeUserRowSchema,
  expectedPaymentsQuerySchema,
  expectedPaymentsSchema,
} from '~/contracts/billing-debugging'
import { dataEnvelope, messageSchema, paginatedEnvelope } from './envelope'
import { createRoute, errorResponses, jsonResponse } from './openapi'

/**
 * The debug views of SPEC §2.2: expected against actual collections, week by week, and each member
 * counted as active or not, with the reason in words. Staff only; every query is limited to the
 * caller's organisation and gyms.
 */

const tags = ['Debugging']
const staffErrors = {
  401: errorResponses[401],
  403: errorResponses[403],
  404: jsonResponse('A gym the caller cannot see', messageSchema),
  422: errorResponses[422],
}

export const billingDebuggingRoutes = {
  expectedPayments: createRoute({
    method: 'get',
    path: '/expected-payments-debugging',
    tags,
    summary: 'Expected against actual collections, week by week',
    description:
      'Weeks start on Monday in Pacific/Auckland: the last `weeks` weeks up to and including the current ' +
      'one, then the next four. Expected, failed and pending count payments by the week they are due ' +
      '(regular and retries, cancelled ones left out); collected counts `sent` payments by the week they ' +
      'were paid. Amounts are what is charged (amount + surcharge − credit used), in cents.',
    request: { query: expectedPaymentsQuerySchema },
    responses: {
      200: jsonResponse('Weeks and totals', dataEnvelope(expectedPaymentsSchema)),
      ...staffErrors,
    },
  }),
  activeUsers: createRoute({
    method: 'get',
    path: '/active-user-debugging',
    tags,
    summary: 'Members with their membership, whether they count as active, and why',
    description:
      'Members by name, each with their latest membership, the display states of SPEC §4 that hold ' +
      'today, the card colour and the reason in words. The counts per state are at ' +
      '`/active-user-debugging/counts`.',
    request: { query: activeUserQuerySchema },
    responses: {
      200: jsonResponse('A page of members', paginatedEnvelope(activeUserRowSchema)),
      ...staffErrors,
    },
  }),
  activeUserCounts: createRoute({
    method: 'get',
    path: '/active-user-debugging/counts',
    tags,
    summary: 'Members per display state',
    request: { query: activeUserCountsQuerySchema },
    responses: {
      200: jsonResponse('Counts per state', dataEnvelope(activeUserCountsSchema)),
      ...staffErrors,
    },
  }),
}

import {
  activeUserCountsQuerySchema,
  activeUserCountsSchema,
  activeUserQuerySchema,
  activeUserRowSchema,
  expectedPaymentsQuerySchema,
  expectedPaymentsSchema,
} from '~/contracts/billing-debugging'
import { dataResponse, gymScopeErrors, pageResponse, routeGroup } from './openapi'

/**
 * The debug views of SPEC §2.2: expected against actual collections, week by week, and each member
 * counted as active or not, with the reason in words. Staff only; every query is limited to the
 * caller's organisation and gyms.
 */

const { route } = routeGroup(['Debugging'], gymScopeErrors)

export const billingDebuggingRoutes = {
  expectedPayments: route('get', '/expected-payments-debugging', {
    summary: 'Expected against actual collections, week by week',
    description:
      'Weeks start on Monday in Pacific/Auckland: the last `weeks` weeks up to and including the current ' +
      'one, then the next four. Expected, failed and pending count payments by the week they are due ' +
      '(regular and retries, cancelled ones left out); collected counts `sent` payments by the week they ' +
      'were paid. Amounts are what is charged (amount + surcharge − credit used), in cents.',
    request: { query: expectedPaymentsQuerySchema },
    responses: {
      200: dataResponse('Weeks and totals', expectedPaymentsSchema),
    },
  }),
  activeUsers: route('get', '/active-user-debugging', {
    summary: 'Members with their membership, whether they count as active, and why',
    description:
      'Members by name, each with their latest membership, the display states of SPEC §4 that hold ' +
      'today, the card colour and the reason in words. The counts per state are at ' +
      '`/active-user-debugging/counts`.',
    request: { query: activeUserQuerySchema },
    responses: {
      200: pageResponse('A page of members', activeUserRowSchema),
    },
  }),
  activeUserCounts: route('get', '/active-user-debugging/counts', {
    summary: 'Members per display state',
    request: { query: activeUserCountsQuerySchema },
    responses: {
      200: dataResponse('Counts per state', activeUserCountsSchema),
    },
  }),
}

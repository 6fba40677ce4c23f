import {
  activeSubscriptionSchema,
  membershipOptionsSchema,
  membershipQuoteQuerySchema,
  membershipQuoteSchema,
} from '~/contracts/join-payment'
import { dataResponse, memberErrors, routeGroup } from './openapi'

const { route } = routeGroup(['Members'], memberErrors)

/** The member's own membership, as the join flow's confirm and welcome screens show it (issue 14). */
export const membershipRoutes = {
  options: route('get', '/me/membership-options', {
    summary: 'What the member may join: their private link’s price, or their gym’s public prices',
    responses: { 200: dataResponse('Options', membershipOptionsSchema) },
  }),
  quote: route('get', '/me/membership-quote', {
    summary: 'What joining on a price costs today and each period, the term and the agreement',
    request: { query: membershipQuoteQuerySchema },
    responses: { 200: dataResponse('The quote', membershipQuoteSchema) },
  }),
  active: route('get', '/me/active-subscription', {
    summary: 'The member’s membership: first payment, next charge, door access',
    responses: {
      200: dataResponse('The membership, or null', activeSubscriptionSchema.nullable()),
    },
  }),
}

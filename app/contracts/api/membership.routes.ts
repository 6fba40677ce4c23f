import {
  activeSubscriptionSchema,
  membershipOptionsSchema,
  membershipQuoteQuerySchema,
  membershipQuoteSchema,
} from '~/contracts/join-payment'
import { dataEnvelope } from './envelope'
import { createRoute, jsonResponse, memberErrors } from './openapi'

const tags = ['Members']

/** The member's own membership, as the join flow's confirm and welcome screens show it (issue 14). */
export const membershipRoutes = {
  options: createRoute({
    method: 'get',
    path: '/me/membership-options',
    tags,
    summary: 'What the member may join: their private link’s price, or their gym’s public prices',
    responses: { 200: jsonResponse('Options', dataEnvelope(membershipOptionsSchema)), ...memberErrors },
  }),
  quote: createRoute({
    method: 'get',
    path: '/me/membership-quote',
    tags,
    summary: 'What joining on a price costs today and each period, the term and the agreement',
    request: { query: membershipQuoteQuerySchema },
    responses: { 200: jsonResponse('The quote', dataEnvelope(membershipQuoteSchema)), ...memberErrors },
  }),
  active: createRoute({
    method: 'get',
    path: '/me/active-subscription',
    tags,
    summary: 'The member’s membership: first payment, next charge, door access',
    responses: {
      200: jsonResponse('The membership, or null', dataEnvelope(activeSubscriptionSchema.nullable())),
      ...memberErrors,
    },
  }),
}

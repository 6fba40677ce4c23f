import {
  activeUsersSchema,
  costAndVisitBreakdownSchema,
  dashboardQuerySchema,
  statsSchema,
  userBreakdownSchema,
} from '~/contracts/dashboard'
import { dataEnvelope, messageSchema } from './envelope'
import { createRoute, errorResponses, jsonResponse } from './openapi'

/**
 * The dashboard (SPEC §7 "Dashboard and search"; issue 6): members, money and visits for one gym or
 * every gym the caller may see. Money is null for a caller who may not use payments (ADR 014).
 */

const tags = ['Dashboard and search']
const staffErrors = {
  401: errorResponses[401],
  403: errorResponses[403],
  404: jsonResponse('A gym the caller cannot see', messageSchema),
  422: errorResponses[422],
}
const request = { query: dashboardQuerySchema }

export const dashboardRoutes = {
  stats: createRoute({
    method: 'get',
    path: '/stats',
    tags,
    summary: 'Headline figures: members by state, collections against the previous week and month',
    request,
    responses: { 200: jsonResponse('Figures', dataEnvelope(statsSchema)), ...staffErrors },
  }),
  activeUsers: createRoute({
    method: 'get',
    path: '/active-users',
    tags,
    summary: 'Members who came in, joined and cancelled, week by week for 12 weeks',
    request,
    responses: { 200: jsonResponse('Weeks', dataEnvelope(activeUsersSchema)), ...staffErrors },
  }),
  userBreakdown: createRoute({
    method: 'get',
    path: '/user-breakdown',
    tags,
    summary: 'Members per membership state and per offering',
    request,
    responses: { 200: jsonResponse('Breakdown', dataEnvelope(userBreakdownSchema)), ...staffErrors },
  }),
  costAndVisitBreakdown: createRoute({
    method: 'get',
    path: '/cost-and-visit-breakdown',
    tags,
    summary: 'Expected collections for four weeks, failed payments to act on, visits by day and hour',
    request,
    responses: {
      200: jsonResponse('Breakdown', dataEnvelope(costAndVisitBreakdownSchema)),
      ...staffErrors,
    },
  }),
}

import {
  activeUsersSchema,
  costAndVisitBreakdownSchema,
  dashboardQuerySchema,
  statsSchema,
  userBreakdownSchema,
} from '~/contracts/dashboard'
import { dataResponse, gymScopeErrors, routeGroup } from './openapi'

/**
 * The dashboard (SPEC §7 "Dashboard and search"; issue 6): members, money and visits for one gym or
 * every gym the caller may see. Money is null for a caller who may not use payments (ADR 014).
 */

const { route } = routeGroup(['Dashboard and search'], gymScopeErrors)
const request = { query: dashboardQuerySchema }

export const dashboardRoutes = {
  stats: route('get', '/stats', {
    summary: 'Headline figures: members by state, collections against the previous week and month',
    request,
    responses: { 200: dataResponse('Figures', statsSchema) },
  }),
  activeUsers: route('get', '/active-users', {
    summary: 'Members who came in, joined and cancelled, week by week for 12 weeks',
    request,
    responses: { 200: dataResponse('Weeks', activeUsersSchema) },
  }),
  userBreakdown: route('get', '/user-breakdown', {
    summary: 'Members per membership state and per offering',
    request,
    responses: { 200: dataResponse('Breakdown', userBreakdownSchema) },
  }),
  costAndVisitBreakdown: route('get', '/cost-and-visit-breakdown', {
    summary: 'Expected collections for four weeks, failed payments to act on, visits by day and hour',
    request,
    responses: {
      200: dataResponse('Breakdown', costAndVisitBreakdownSchema),
    },
  }),
}

import { createServerFn } from '@tanstack/react-start'
import { api } from '~/contracts/api/client.server'
import { dashboardRoutes } from '~/contracts/api/dashboard.routes'
import { dashboardQuerySchema } from '~/contracts/dashboard'

/** `GET /api/stats`: members by state and collections against the previous week and month. */
export const fetchStats = createServerFn({ method: 'GET' })
  .validator(dashboardQuerySchema)
  .handler(({ data }) => api().data(dashboardRoutes.stats, { query: data }))

/** `GET /api/active-users`: visitors, joins and cancellations week by week. */
export const fetchActiveUsers = createServerFn({ method: 'GET' })
  .validator(dashboardQuerySchema)
  .handler(({ data }) => api().data(dashboardRoutes.activeUsers, { query: data }))

/** `GET /api/user-breakdown`: members per state and per offering. */
export const fetchUserBreakdown = createServerFn({ method: 'GET' })
  .validator(dashboardQuerySchema)
  .handler(({ data }) => api().data(dashboardRoutes.userBreakdown, { query: data }))

/** `GET /api/cost-and-visit-breakdown`: expected collections, failed payments, visits by day and hour. */
export const fetchCostAndVisitBreakdown = createServerFn({ method: 'GET' })
  .validator(dashboardQuerySchema)
  .handler(({ data }) => api().data(dashboardRoutes.costAndVisitBreakdown, { query: data }))

import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { gymScope, requireStaff, seesMoneyIn } from '~/access/caller.server'
import { dashboardRoutes as routes } from '~/contracts/api/dashboard.routes'
import { calendarDateAt } from '~/server/billing/calendar'
import {
  findCostAndVisitBreakdown,
  findDashboardStats,
  findUserBreakdown,
} from '~/server/services/dashboard/find-dashboard-figures.server'
import { findMemberTrend } from '~/server/services/dashboard/find-member-trend.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import {
  toCostAndVisitBreakdownResource,
  toDashboardStatsResource,
  toUserBreakdownResource,
} from '../resources/dashboard'

/** The dashboard's figures are of the gym asked for (all the caller's gyms when none), for any staff. */
async function figuresFor(c: Context<ApiEnv>, gymId: number | undefined) {
  const caller = await requireStaff(actorOf(c))
  const scope = gymScope(caller, gymId)
  const options = { db: c.var.database.db, organisationId: caller.organisationId, scope, now: c.var.now }
  // Money of the gyms shown, for those who run them all (ADR 032).
  return { options, seesMoney: seesMoneyIn(caller, scope) }
}

export function registerDashboardRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.stats, async (c) => {
    const gymId = c.req.valid('query').gym_id
    const { options, seesMoney } = await figuresFor(c, gymId)
    const stats = await findDashboardStats({ ...options, seesMoney })
    return c.json({ data: toDashboardStatsResource(stats, gymId) }, 200)
  })

  api.openapi(routes.activeUsers, async (c) => {
    const gymId = c.req.valid('query').gym_id
    const { options } = await figuresFor(c, gymId)
    const weeks = await findMemberTrend(options)
    return c.json({ data: { today: calendarDateAt(options.now), gym_id: gymId ?? null, weeks } }, 200)
  })

  api.openapi(routes.userBreakdown, async (c) => {
    const gymId = c.req.valid('query').gym_id
    const { options } = await figuresFor(c, gymId)
    const breakdown = await findUserBreakdown(options)
    return c.json({ data: toUserBreakdownResource(breakdown, gymId) }, 200)
  })

  api.openapi(routes.costAndVisitBreakdown, async (c) => {
    const gymId = c.req.valid('query').gym_id
    const { options, seesMoney } = await figuresFor(c, gymId)
    const breakdown = await findCostAndVisitBreakdown({ ...options, seesMoney })
    return c.json({ data: toCostAndVisitBreakdownResource(breakdown, gymId) }, 200)
  })
}

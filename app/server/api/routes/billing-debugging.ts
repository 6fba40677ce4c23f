import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { moneyScope, requireArea, requireStaff, runGyms } from '~/access/caller.server'
import { billingDebuggingRoutes as routes } from '~/contracts/api/billing-debugging.routes'
import { paginate } from '~/contracts/api/envelope'
import type { ActiveUserCounts } from '~/contracts/billing-debugging'
import { calendarDateAt } from '~/server/billing/calendar'
import { countMemberStates } from '~/server/services/members/count-member-states.server'
import { findActiveUserPage } from '~/server/services/members/find-active-user-page.server'
import { findExpectedPayments } from '~/server/services/payments/find-expected-payments.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { toActiveUserResource } from '../resources/active-user'

/**
 * Money: organisation and gym admins only (ADR 014: the payments area), of the gyms they run (ADR 032);
 * each member's amount owing is money too.
 */
async function moneyFiguresFor(c: Context<ApiEnv>, gymId: number | undefined) {
  const caller = await requireStaff(actorOf(c))
  requireArea(caller, 'payments')
  const scope = moneyScope(caller, gymId)
  const options = { db: c.var.database.db, organisationId: caller.organisationId, scope, now: c.var.now }
  return { caller, options }
}

export function registerBillingDebuggingRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.expectedPayments, async (c) => {
    const query = c.req.valid('query')
    const { caller, options } = await moneyFiguresFor(c, query.gym_id)
    const report = await findExpectedPayments({ ...options, weeksBack: query.weeks })
    const data = { ...report, gym_id: query.gym_id ?? null, gyms: runGyms(caller), weeks_back: query.weeks }
    return c.json({ data }, 200)
  })

  api.openapi(routes.activeUsers, async (c) => {
    const query = c.req.valid('query')
    const { options } = await moneyFiguresFor(c, query.gym_id)
    const page = await findActiveUserPage({ ...options, page: query.page, perPage: query.per_page })
    const rows = page.rows.map((row) => toActiveUserResource(row, options.now))
    const total = page.total
    return c.json(paginate({ rows, total, page: query.page, perPage: query.per_page, url: c.req.url }), 200)
  })

  api.openapi(routes.activeUserCounts, async (c) => {
    const query = c.req.valid('query')
    const { caller, options } = await moneyFiguresFor(c, query.gym_id)
    const { total, counts } = await countMemberStates(options)
    const data: ActiveUserCounts = {
      today: calendarDateAt(options.now),
      gym_id: query.gym_id ?? null,
      gyms: runGyms(caller),
      total,
      counts,
    }
    return c.json({ data }, 200)
  })
}

import type { OpenAPIHono } from '@hono/zod-openapi'
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

export function registerBillingDebuggingRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.expectedPayments, async (c) => {
    const caller = await requireStaff(actorOf(c))
    // Money: organisation and gym admins only (ADR 014), of the gyms they run (ADR 032).
    requireArea(caller, 'payments')
    const query = c.req.valid('query')
    const scope = moneyScope(caller, query.gym_id)
    const report = await findExpectedPayments({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      scope,
      now: c.var.now,
      weeksBack: query.weeks,
    })
    return c.json(
      { data: { ...report, gym_id: query.gym_id ?? null, gyms: runGyms(caller), weeks_back: query.weeks } },
      200,
    )
  })

  api.openapi(routes.activeUsers, async (c) => {
    const caller = await requireStaff(actorOf(c))
    // Each member's amount owing is money: the payments area (ADR 014), like the expected payments.
    requireArea(caller, 'payments')
    const query = c.req.valid('query')
    const scope = moneyScope(caller, query.gym_id)
    const page = await findActiveUserPage({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      scope,
      page: query.page,
      perPage: query.per_page,
    })
    const rows = page.rows.map((row) => toActiveUserResource(row, c.var.now))
    const total = page.total
    return c.json(paginate({ rows, total, page: query.page, perPage: query.per_page, url: c.req.url }), 200)
  })

  api.openapi(routes.activeUserCounts, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'payments')
    const query = c.req.valid('query')
    const scope = moneyScope(caller, query.gym_id)
    const { total, counts } = await countMemberStates({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      scope,
      now: c.var.now,
    })
    const data: ActiveUserCounts = {
      today: calendarDateAt(c.var.now),
      gym_id: query.gym_id ?? null,
      gyms: runGyms(caller),
      total,
      counts,
    }
    return c.json({ data }, 200)
  })
}

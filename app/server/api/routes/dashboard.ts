import type { OpenAPIHono } from '@hono/zod-openapi'
import { gymScope, requireStaff, seesMoneyIn } from '~/access/caller.server'
import { dashboardRoutes as routes } from '~/contracts/api/dashboard.routes'
import { NEW_MEMBER_DAYS } from '~/contracts/dashboard'
import { addDays, calendarDateAt } from '~/server/billing/calendar'
import { findCollections, sumCollected } from '~/server/services/dashboard/find-collections.server'
import { findFailedPayments } from '~/server/services/dashboard/find-failed-payments.server'
import { findMemberTrend } from '~/server/services/dashboard/find-member-trend.server'
import { findVisitPattern } from '~/server/services/dashboard/find-visit-pattern.server'
import { findDemoHistoryState } from '~/server/services/demo/find-demo-history-state.server'
import { countMemberStates } from '~/server/services/members/count-member-states.server'
import { findMembersPerOffering } from '~/server/services/members/members-now.server'
import { findExpectedPayments } from '~/server/services/payments/find-expected-payments.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'

export function registerDashboardRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.stats, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const gymId = c.req.valid('query').gym_id
    const scope = gymScope(caller, gymId)
    const db = c.var.database.db
    const now = c.var.now
    const today = calendarDateAt(now)
    const newSince = addDays(today, 1 - NEW_MEMBER_DAYS)
    const options = { db, organisationId: caller.organisationId, scope, now }
    const [states, collections, demoHistory] = await Promise.all([
      countMemberStates({ ...options, newSince }),
      // Money of the gyms shown, for those who run them all (ADR 032).
      seesMoneyIn(caller, scope) ? findCollections(options) : null,
      findDemoHistoryState({ db }),
    ])
    return c.json(
      {
        data: {
          today,
          gym_id: gymId ?? null,
          members: {
            total: states.total,
            active: states.counts.active,
            new: states.joined,
            paused: states.counts.paused,
            in_grace_period: states.counts.in_grace_period,
            cancelling: states.cancelling,
            upcoming: states.counts.upcoming,
          },
          new_since: newSince,
          demo_history_pending: demoHistory === 'in_progress',
          collections,
        },
      },
      200,
    )
  })

  api.openapi(routes.activeUsers, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const gymId = c.req.valid('query').gym_id
    const scope = gymScope(caller, gymId)
    const now = c.var.now
    const weeks = await findMemberTrend({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      scope,
      now,
    })
    return c.json({ data: { today: calendarDateAt(now), gym_id: gymId ?? null, weeks } }, 200)
  })

  api.openapi(routes.userBreakdown, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const gymId = c.req.valid('query').gym_id
    const scope = gymScope(caller, gymId)
    const now = c.var.now
    const options = { db: c.var.database.db, organisationId: caller.organisationId, scope, now }
    const [states, offerings] = await Promise.all([
      countMemberStates(options),
      findMembersPerOffering(options),
    ])
    return c.json(
      {
        data: {
          today: calendarDateAt(now),
          gym_id: gymId ?? null,
          total: states.total,
          states: states.counts,
          offerings,
        },
      },
      200,
    )
  })

  api.openapi(routes.costAndVisitBreakdown, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const gymId = c.req.valid('query').gym_id
    const scope = gymScope(caller, gymId)
    const now = c.var.now
    const options = { db: c.var.database.db, organisationId: caller.organisationId, scope, now }
    const money = seesMoneyIn(caller, scope)
    const [visits, expected, failed] = await Promise.all([
      findVisitPattern(options),
      money ? findExpectedPayments({ ...options, weeksBack: 1 }) : null,
      money ? findFailedPayments(options) : null,
    ])
    const collected = money
      ? await sumCollected({ ...options, startsOn: visits.starts_on, endsOn: addDays(visits.ends_on, 1) })
      : null
    return c.json(
      {
        data: {
          today: calendarDateAt(now),
          gym_id: gymId ?? null,
          expected_collections: expected
            ? expected.weeks
                .filter((week) => week.timing !== 'past')
                .slice(0, 4)
                .map((week) => ({
                  starts_on: week.starts_on,
                  ends_on: week.ends_on,
                  expected: week.expected,
                  expected_count: week.expected_count,
                }))
            : null,
          failed_payments: failed,
          visits,
          cost_per_visit:
            collected !== null && visits.total > 0 ? Math.round(collected.amount / visits.total) : null,
        },
      },
      200,
    )
  })
}

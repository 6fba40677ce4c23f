import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { asc, count, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { gyms, offerings, prices, users } from '~/db/schema'
import {
  type ActiveUserCounts,
  type ActiveUserRow,
  activeUserCountsQuerySchema,
  activeUserCountsSchema,
  activeUserQuerySchema,
  activeUserRowSchema,
  expectedPaymentsQuerySchema,
  expectedPaymentsSchema,
  formatDayRange,
  type MemberState,
} from '~/features/billing-debugging/contract'
import { cardColour, subscriptionDisplayStates } from '~/features/subscriptions/subscription-state'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { type CalendarDateString, calendarDateAt } from '~/server/billing/calendar'
import {
  countMemberStates,
  latestSubscription,
  memberConditions,
  type StateFields,
  stateInput,
} from '~/server/services/members/count-member-states.server'
import { findExpectedPayments } from '~/server/services/payments/find-expected-payments.server'
import { type GymScope, gymScope, requireArea, requireStaff } from '../authorise'
import type { ApiEnv } from '../context'
import { dataEnvelope, messageSchema, paginate, paginatedEnvelope } from '../envelope'
import { errorResponses, jsonResponse } from '../openapi'

/**
 * The debug views of SPEC §2.2: expected against actual collections, week by week, and each member
 * counted as active or not, with the reason in words. Staff only; every query is limited to the
 * caller's organisation and gyms.
 */

const tags = ['Debugging']
const staffErrors = {
  401: errorResponses[401],
  403: errorResponses[403],
  404: jsonResponse('A gym the caller cannot see', messageSchema),
  422: errorResponses[422],
}

const routes = {
  expectedPayments: createRoute({
    method: 'get',
    path: '/expected-payments-debugging',
    tags,
    summary: 'Expected against actual collections, week by week',
    description:
      'Weeks start on Monday in Pacific/Auckland: the last `weeks` weeks up to and including the current ' +
      'one, then the next four. Expected, failed and pending count payments by the week they are due ' +
      '(regular and retries, cancelled ones left out); collected counts `sent` payments by the week they ' +
      'were paid. Amounts are what is charged (amount + surcharge − credit used), in cents.',
    request: { query: expectedPaymentsQuerySchema },
    responses: {
      200: jsonResponse('Weeks and totals', dataEnvelope(expectedPaymentsSchema)),
      ...staffErrors,
    },
  }),
  activeUsers: createRoute({
    method: 'get',
    path: '/active-user-debugging',
    tags,
    summary: 'Members with their membership, whether they count as active, and why',
    description:
      'Members by name, each with their latest membership, the display states of SPEC §4 that hold ' +
      'today, the card colour and the reason in words. The counts per state are at ' +
      '`/active-user-debugging/counts`.',
    request: { query: activeUserQuerySchema },
    responses: {
      200: jsonResponse('A page of members', paginatedEnvelope(activeUserRowSchema)),
      ...staffErrors,
    },
  }),
  activeUserCounts: createRoute({
    method: 'get',
    path: '/active-user-debugging/counts',
    tags,
    summary: 'Members per display state',
    request: { query: activeUserCountsQuerySchema },
    responses: {
      200: jsonResponse('Counts per state', dataEnvelope(activeUserCountsSchema)),
      ...staffErrors,
    },
  }),
}

export function registerBillingDebuggingRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.expectedPayments, async (c) => {
    const caller = await requireStaff(c)
    // Money: organisation and gym admins only (ADR 014).
    requireArea(caller, 'payments')
    const query = c.req.valid('query')
    const scope = gymScope(caller, query.gym_id)
    const report = await findExpectedPayments({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      scope,
      now: c.var.now,
      weeksBack: query.weeks,
    })
    return c.json(
      { data: { ...report, gym_id: query.gym_id ?? null, gyms: caller.gyms, weeks_back: query.weeks } },
      200,
    )
  })

  api.openapi(routes.activeUsers, async (c) => {
    const caller = await requireStaff(c)
    const query = c.req.valid('query')
    const scope = gymScope(caller, query.gym_id)
    const { rows, total } = await findActiveUserPage({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      scope,
      now: c.var.now,
      page: query.page,
      perPage: query.per_page,
    })
    return c.json(paginate({ rows, total, page: query.page, perPage: query.per_page, url: c.req.url }), 200)
  })

  api.openapi(routes.activeUserCounts, async (c) => {
    const caller = await requireStaff(c)
    const query = c.req.valid('query')
    const scope = gymScope(caller, query.gym_id)
    const { total, counts } = await countMemberStates({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      scope,
      now: c.var.now,
    })
    const data: ActiveUserCounts = {
      today: calendarDateAt(c.var.now),
      gym_id: query.gym_id ?? null,
      gyms: caller.gyms,
      total,
      counts,
    }
    return c.json({ data }, 200)
  })
}

/** The state a member's badge and reason are about: the first of these that holds. */
const headlineOrder: MemberState[] = ['cancelled', 'in_grace_period', 'paused', 'upcoming', 'active']

type Description = Pick<ActiveUserRow, 'states' | 'state' | 'is_active' | 'card_colour' | 'reason'>

export function describeMembership(sub: StateFields | null, now: Date): Description {
  if (!sub) {
    return {
      states: ['no_membership'],
      state: 'no_membership',
      is_active: false,
      card_colour: null,
      reason: 'Not active: no membership',
    }
  }
  const instant = now.toISOString()
  const today = calendarDateAt(now)
  const input = stateInput(sub)
  const states: MemberState[] = subscriptionDisplayStates(input, instant)
  const state = headlineOrder.find((candidate) => states.includes(candidate)) ?? 'active'
  return {
    states,
    state,
    is_active: states.includes('active'),
    card_colour: cardColour(input, instant),
    reason: reasonFor({ sub, state, states, today }),
  }
}

function reasonFor(options: {
  sub: StateFields
  state: MemberState
  states: MemberState[]
  today: CalendarDateString
}) {
  const { sub, state, states, today } = options
  const owes = sub.balanceOwing > 0 ? `, owes ${formatCents(sub.balanceOwing)}` : ''
  switch (state) {
    case 'cancelled': {
      const cancelledOn = formatDate(sub.cancelledAt?.toISOString())
      const undo =
        sub.undoCancellationUntil && states.includes('cancellation_undoable')
          ? `, can be undone until ${formatDate(sub.undoCancellationUntil.toISOString())}`
          : ''
      const runsUntil =
        sub.currentPeriodEnd && sub.currentPeriodEnd > today && !sub.gracePeriodEndsAt && !undo
          ? `, access until ${formatDate(sub.currentPeriodEnd)}`
          : ''
      return `Not active: cancelled on ${cancelledOn}${undo}${runsUntil}${owes}`
    }
    case 'in_grace_period':
      return `In grace period until ${formatDate(sub.gracePeriodEndsAt)}, owes ${formatCents(sub.balanceOwing)}`
    case 'paused':
      return sub.pauseEndAt ? `Paused until ${formatDate(sub.pauseEndAt)}` : 'Paused, with no end date'
    case 'upcoming': {
      if (sub.startDate > today) return `Upcoming: starts ${formatDate(sub.startDate)}`
      if (sub.currentPeriodStart && sub.currentPeriodStart > today)
        return `Upcoming: next period starts ${formatDate(sub.currentPeriodStart)}`
      return `Upcoming: marked “${sub.upcomingState}” since it started on ${formatDate(sub.startDate)}`
    }
    default: {
      const standing = sub.balanceOwing > 0 ? `owes ${formatCents(sub.balanceOwing)}` : 'paid up'
      const period =
        sub.currentPeriodStart && sub.currentPeriodEnd
          ? `current period ${formatDayRange(sub.currentPeriodStart, sub.currentPeriodEnd)}`
          : `one-off since ${formatDate(sub.currentPeriodStart ?? sub.startDate)}`
      const pause =
        states.includes('paused_in_future') && sub.pauseStartAt
          ? `; pause from ${formatDate(sub.pauseStartAt)}`
          : ''
      return `Active: ${standing}, ${period}${pause}`
    }
  }
}

async function findActiveUserPage(options: {
  db: Db
  organisationId: number
  scope: GymScope
  now: Date
  page: number
  perPage: number
}): Promise<{ rows: ActiveUserRow[]; total: number }> {
  const { db, organisationId, scope, now, page, perPage } = options
  const latest = latestSubscription(db)
  const where = memberConditions({ organisationId, scope, latest })
  const [found, [totalRow]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        sub: {
          id: latest.id,
          startDate: latest.startDate,
          currentPeriodStart: latest.currentPeriodStart,
          currentPeriodEnd: latest.currentPeriodEnd,
          cancelledAt: latest.cancelledAt,
          undoCancellationUntil: latest.undoCancellationUntil,
          gracePeriodEndsAt: latest.gracePeriodEndsAt,
          pauseStartAt: latest.pauseStartAt,
          pauseEndAt: latest.pauseEndAt,
          upcomingState: latest.upcomingState,
          balanceOwing: latest.balanceOwing,
          periodsOwing: latest.periodsOwing,
          forcePriceAmount: latest.forcePriceAmount,
        },
        gym: { id: gyms.id, name: gyms.name },
        price: { amount: prices.amount, billingFrequency: prices.billingFrequency },
        offeringName: offerings.name,
      })
      .from(users)
      .leftJoinLateral(latest, sql`true`)
      .leftJoin(gyms, eq(gyms.id, latest.gymId))
      .leftJoin(prices, eq(prices.id, latest.priceId))
      .leftJoin(offerings, eq(offerings.id, prices.offeringId))
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    scope.wholeOrganisation
      ? db.select({ total: count() }).from(users).where(where)
      : db.select({ total: count() }).from(users).leftJoinLateral(latest, sql`true`).where(where),
  ])

  const rows = found.map((row): ActiveUserRow => {
    const sub = row.sub?.id != null && row.sub.startDate != null ? row.sub : null
    const subscription =
      sub && row.gym && row.price
        ? {
            id: sub.id,
            gym: row.gym,
            offering_name: row.offeringName ?? '',
            amount: sub.forcePriceAmount ?? row.price.amount,
            billing_frequency: row.price.billingFrequency,
            start_date: sub.startDate,
            current_period_start: sub.currentPeriodStart,
            current_period_end: sub.currentPeriodEnd,
            cancelled_at: sub.cancelledAt?.toISOString() ?? null,
            undo_cancellation_until: sub.undoCancellationUntil?.toISOString() ?? null,
            grace_period_ends_at: sub.gracePeriodEndsAt,
            pause_start_at: sub.pauseStartAt,
            pause_end_at: sub.pauseEndAt,
            upcoming_state: sub.upcomingState,
            balance_owing: sub.balanceOwing,
            periods_owing: sub.periodsOwing,
          }
        : null
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      subscription,
      ...describeMembership(sub, now),
    }
  })
  return { rows, total: totalRow?.total ?? 0 }
}

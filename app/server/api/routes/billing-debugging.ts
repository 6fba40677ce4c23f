import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { gyms, offerings, payments, prices, subscriptions, users } from '~/db/schema'
import {
  type ActiveUserCounts,
  type ActiveUserRow,
  activeUserCountsQuerySchema,
  activeUserCountsSchema,
  activeUserQuerySchema,
  activeUserRowSchema,
  type CollectionSums,
  type ExpectedPaymentsWeek,
  expectedPaymentsQuerySchema,
  expectedPaymentsSchema,
  formatDayRange,
  type MemberState,
  WEEKS_AHEAD,
} from '~/features/billing-debugging/contract'
import {
  cardColour,
  type SubscriptionStateInput,
  subscriptionDisplayStates,
} from '~/features/subscriptions/subscription-state'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import {
  addDays,
  BILLING_TIME_ZONE,
  type CalendarDateString,
  calendarDateAt,
  daysBetween,
  instantAt,
  isoDayOfWeek,
} from '~/server/billing/calendar'
import { type GymScope, gymScope, requireStaff } from '../authorise'
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
    const { total, counts } = await countActiveUserStates({
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

// ---------------------------------------------------------------------------------------------------
// Expected payments

/** What a payment charges: the amount, the card surcharge, less credit used (as the engine charges). */
const charged = sql`${payments.amount} + ${payments.surcharge} - ${payments.creditUsed}`
/** SPEC §4: every status but these (and cancelled, left out altogether) counts as failed. */
const notFailedStatuses = ['sent', 'upcoming', 'pending_request', 'cancelled']
const pendingStatuses = ['upcoming', 'pending_request']

const centsWhere = (condition: SQL) =>
  sql<number>`coalesce(sum(${charged}) filter (where ${condition}), 0)::bigint`.mapWith(Number)
const countWhere = (condition: SQL) =>
  sql<number>`(count(*) filter (where ${condition}))::int`.mapWith(Number)

function gymCondition(scope: GymScope) {
  return scope.wholeOrganisation ? undefined : inArray(payments.gymId, scope.gymIds)
}

const sumKeys = [
  'expected',
  'expected_count',
  'collected',
  'collected_count',
  'failed',
  'failed_count',
  'pending',
  'pending_count',
  'difference',
] as const satisfies ReadonlyArray<keyof CollectionSums>

const emptySums = (): CollectionSums => ({
  expected: 0,
  expected_count: 0,
  collected: 0,
  collected_count: 0,
  failed: 0,
  failed_count: 0,
  pending: 0,
  pending_count: 0,
  difference: 0,
})

/**
 * Two grouped queries on `payments`, both starting from the organisation's index: one by due day (for
 * expected, failed, pending), one by the Auckland day of `paid_at` (for collected). Days go into weeks
 * here, so the database needs no week arithmetic of its own.
 */
async function findExpectedPayments(options: {
  db: Db
  organisationId: number
  scope: GymScope
  now: Date
  weeksBack: number
}) {
  const { db, organisationId, scope, now, weeksBack } = options
  const today = calendarDateAt(now)
  const currentMonday = addDays(today, 1 - isoDayOfWeek(today))
  const firstMonday = addDays(currentMonday, -7 * (weeksBack - 1))
  const endExclusive = addDays(currentMonday, 7 * (WEEKS_AHEAD + 1))

  const weeks: ExpectedPaymentsWeek[] = []
  for (let monday = firstMonday; monday < endExclusive; monday = addDays(monday, 7)) {
    weeks.push({
      starts_on: monday,
      ends_on: addDays(monday, 6),
      timing: monday < currentMonday ? 'past' : monday === currentMonday ? 'current' : 'future',
      ...emptySums(),
    })
  }
  const weekOf = (day: CalendarDateString) => weeks[Math.floor(daysBetween(firstMonday, day) / 7)]

  if (scope.gymIds.length > 0 || scope.wholeOrganisation) {
    const notCancelled = sql`${payments.status} <> 'cancelled'`
    const failed = sql`${payments.status} not in ${notFailedStatuses}`
    const pending = sql`${payments.status} in ${pendingStatuses}`
    const due = await db
      .select({
        day: payments.dueOn,
        expected: centsWhere(notCancelled),
        expectedCount: countWhere(notCancelled),
        failed: centsWhere(failed),
        failedCount: countWhere(failed),
        pending: centsWhere(pending),
        pendingCount: countWhere(pending),
      })
      .from(payments)
      .where(
        and(
          eq(payments.organisationId, organisationId),
          gte(payments.dueOn, firstMonday),
          lt(payments.dueOn, endExclusive),
          gymCondition(scope),
        ),
      )
      .groupBy(payments.dueOn)

    // The zone is a literal, not a parameter: GROUP BY must repeat the select's expression exactly.
    const paidDay = sql<string>`((${payments.paidAt} at time zone ${sql.raw(`'${BILLING_TIME_ZONE}'`)})::date)::text`
    const collected = await db
      .select({
        day: paidDay,
        collected: sql<number>`coalesce(sum(${charged}), 0)::bigint`.mapWith(Number),
        collectedCount: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(payments)
      .where(
        and(
          eq(payments.organisationId, organisationId),
          eq(payments.status, 'sent'),
          gte(payments.paidAt, instantAt(firstMonday)),
          lt(payments.paidAt, instantAt(endExclusive)),
          gymCondition(scope),
        ),
      )
      .groupBy(paidDay)

    for (const row of due) {
      const week = weekOf(row.day)
      if (!week) continue
      week.expected += row.expected
      week.expected_count += row.expectedCount
      week.failed += row.failed
      week.failed_count += row.failedCount
      week.pending += row.pending
      week.pending_count += row.pendingCount
    }
    for (const row of collected) {
      const week = weekOf(row.day)
      if (!week) continue
      week.collected += row.collected
      week.collected_count += row.collectedCount
    }
  }

  const totals = emptySums()
  for (const week of weeks) {
    week.difference = week.collected - week.expected
    for (const key of sumKeys) totals[key] += week[key]
  }
  return { today, weeks_ahead: WEEKS_AHEAD, weeks, totals }
}

// ---------------------------------------------------------------------------------------------------
// Active users

/**
 * Each member's latest membership (not one still being assembled at sign-up), found per member through
 * `subscriptions_user_idx`: a lateral join, so the page is one query however many members it holds.
 */
function latestSubscription(db: Db) {
  return db
    .select({
      id: subscriptions.id,
      gymId: subscriptions.gymId,
      priceId: subscriptions.priceId,
      startDate: subscriptions.startDate,
      currentPeriodStart: subscriptions.currentPeriodStart,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelledAt: subscriptions.cancelledAt,
      undoCancellationUntil: subscriptions.undoCancellationUntil,
      gracePeriodEndsAt: subscriptions.gracePeriodEndsAt,
      pauseStartAt: subscriptions.pauseStartAt,
      pauseEndAt: subscriptions.pauseEndAt,
      upcomingState: subscriptions.upcomingState,
      balanceOwing: subscriptions.balanceOwing,
      periodsOwing: subscriptions.periodsOwing,
      forcePriceAmount: subscriptions.forcePriceAmount,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, users.id), eq(subscriptions.isStaging, false)))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1)
    .as('latest')
}

type Latest = ReturnType<typeof latestSubscription>

/** Members of the organisation in scope: a member belongs to their membership's gym, else their home gym. */
function memberConditions(options: { organisationId: number; scope: GymScope; latest: Latest }) {
  const { organisationId, scope, latest } = options
  return and(
    eq(users.organisationId, organisationId),
    eq(users.isStaff, false),
    isNull(users.deletedAt),
    scope.wholeOrganisation
      ? undefined
      : scope.gymIds.length === 0
        ? sql`false`
        : inArray(sql`coalesce(${latest.gymId}, ${users.homeGymId})`, scope.gymIds),
  )
}

interface StateFields {
  startDate: string
  currentPeriodStart: string | null
  currentPeriodEnd: string | null
  cancelledAt: Date | null
  undoCancellationUntil: Date | null
  gracePeriodEndsAt: string | null
  pauseStartAt: string | null
  pauseEndAt: string | null
  upcomingState: string | null
  balanceOwing: number
}

function stateInput(sub: StateFields): SubscriptionStateInput {
  return {
    cancelled_at: sub.cancelledAt?.toISOString() ?? null,
    undo_cancellation_until: sub.undoCancellationUntil?.toISOString() ?? null,
    grace_period_ends_at: sub.gracePeriodEndsAt,
    pause_start_at: sub.pauseStartAt,
    pause_end_at: sub.pauseEndAt,
    upcoming_state: sub.upcomingState,
    current_period_start: sub.currentPeriodStart,
    current_period_end: sub.currentPeriodEnd,
  }
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

/**
 * Counts per state in one query: the state columns of every member's latest membership, counted here
 * with the shared rules of SPEC §4 (subscription-state.ts) rather than a second copy of them in SQL.
 */
async function countActiveUserStates(options: {
  db: Db
  organisationId: number
  scope: GymScope
  now: Date
}) {
  const { db, organisationId, scope, now } = options
  const latest = latestSubscription(db)
  const rows = await db
    .select({
      sub: {
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
      },
    })
    .from(users)
    .leftJoinLateral(latest, sql`true`)
    .where(memberConditions({ organisationId, scope, latest }))

  const counts: Record<MemberState, number> = {
    paused: 0,
    paused_in_future: 0,
    cancelled: 0,
    cancellation_undoable: 0,
    in_grace_period: 0,
    upcoming: 0,
    active: 0,
    no_membership: 0,
  }
  const instant = now.toISOString()
  for (const row of rows) {
    const sub = row.sub?.startDate != null ? row.sub : null
    if (!sub) {
      counts.no_membership += 1
      continue
    }
    for (const state of subscriptionDisplayStates(stateInput(sub), instant)) counts[state] += 1
  }
  return { total: rows.length, counts }
}

import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { GymScope } from '~/access/scope.server'
import { ownedBy } from '~/access/scope.server'
import type { MemberState } from '~/contracts/billing-debugging'
import { type SubscriptionStateInput, subscriptionDisplayStates } from '~/contracts/subscription-state'
import type { Db } from '~/db/client.server'
import { subscriptions, users } from '~/db/schema'
import { calendarDateAt } from '~/server/billing/calendar'

/**
 * Members in a scope with the state of their latest membership, read with the shared rules of SPEC §4
 * (subscription-state.ts). The active-user debug view and the dashboard both count with this, so their
 * numbers agree.
 */

/** The columns of a member's latest membership the lists and counts read. */
const latestColumns = {
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
}

/**
 * Each member's latest membership (not one still being assembled at sign-up), found per member through
 * `subscriptions_user_idx`: a lateral join, so the page is one query however many members it holds.
 */
export function latestSubscription(db: Db) {
  return db
    .select(latestColumns)
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, users.id), eq(subscriptions.isStaging, false)))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1)
    .as('latest')
}

export type Latest = ReturnType<typeof latestSubscription>

/** Members of the organisation in scope: a member belongs to their membership's gym, else their home gym. */
export function memberConditions(options: { organisationId: number; scope: GymScope; latest: Latest }) {
  const { organisationId, scope, latest } = options
  return and(
    ownedBy(users, organisationId),
    eq(users.isStaff, false),
    isNull(users.deletedAt),
    scope.wholeOrganisation
      ? undefined
      : scope.gymIds.length === 0
        ? sql`false`
        : inArray(sql`coalesce(${latest.gymId}, ${users.homeGymId})`, scope.gymIds),
  )
}

export interface StateFields {
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

/** The columns of `StateFields`, from the latest membership: what the state rules of SPEC §4 read. */
export function stateColumns(latest: ReturnType<typeof latestSubscription>) {
  return {
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
  }
}

export function stateInput(sub: StateFields): SubscriptionStateInput {
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

/**
 * Counts per state in one query: the state columns of every member's latest membership, counted here
 * with the shared rules of SPEC §4 (subscription-state.ts) rather than a second copy of them in SQL.
 */
export async function countMemberStates(options: {
  db: Db
  organisationId: number
  scope: GymScope
  now: Date
  /** Count memberships that started on or after this day as new. */
  newSince?: string
}) {
  const { db, organisationId, scope, now, newSince } = options
  const latest = latestSubscription(db)
  const rows = await db
    .select({ sub: stateColumns(latest) })
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
  const today = calendarDateAt(now)
  let cancelling = 0
  let joined = 0
  for (const row of rows) {
    const sub = row.sub?.startDate != null ? row.sub : null
    if (!sub) {
      counts.no_membership += 1
      continue
    }
    const states = subscriptionDisplayStates(stateInput(sub), instant)
    for (const state of states) counts[state] += 1
    // Cancelled at the end of a paid period the member still uses (not a grace-period cancellation).
    if (
      states.includes('cancelled') &&
      !sub.gracePeriodEndsAt &&
      sub.currentPeriodEnd !== null &&
      sub.currentPeriodEnd > today
    ) {
      cancelling += 1
    }
    if (newSince && sub.startDate >= newSince && sub.startDate <= today) joined += 1
  }
  return { total: rows.length, counts, cancelling, joined }
}

import type {
  findCostAndVisitBreakdown,
  findDashboardStats,
  findUserBreakdown,
} from '~/server/services/dashboard/find-dashboard-figures.server'

/** The dashboard's headline figures for the gym shown (null: all the caller's gyms). */
export function toDashboardStatsResource(
  stats: Awaited<ReturnType<typeof findDashboardStats>>,
  gymId: number | undefined,
) {
  const { states } = stats
  return {
    today: stats.today,
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
    new_since: stats.newSince,
    demo_history_pending: stats.demoHistoryPending,
    collections: stats.collections,
    self_service: stats.selfService,
  }
}

/** Members by state and by offering. */
export function toUserBreakdownResource(
  breakdown: Awaited<ReturnType<typeof findUserBreakdown>>,
  gymId: number | undefined,
) {
  return {
    today: breakdown.today,
    gym_id: gymId ?? null,
    total: breakdown.states.total,
    states: breakdown.states.counts,
    offerings: breakdown.offerings,
  }
}

/** Visits, expected collections, failed payments and cost per visit. */
export function toCostAndVisitBreakdownResource(
  breakdown: Awaited<ReturnType<typeof findCostAndVisitBreakdown>>,
  gymId: number | undefined,
) {
  return {
    today: breakdown.today,
    gym_id: gymId ?? null,
    expected_collections:
      breakdown.expectedWeeks?.map((week) => ({
        starts_on: week.starts_on,
        ends_on: week.ends_on,
        expected: week.expected,
        expected_count: week.expected_count,
      })) ?? null,
    failed_payments: breakdown.failed,
    visits: breakdown.visits,
    cost_per_visit: breakdown.costPerVisit,
  }
}

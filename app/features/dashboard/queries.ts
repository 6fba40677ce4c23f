import { queryOptions } from '@tanstack/react-query'
import {
  fetchActiveUsers,
  fetchCostAndVisitBreakdown,
  fetchStats,
  fetchUserBreakdown,
} from './dashboard.functions'

/** While the demo's history is being made (ADR 021), the figures are asked for again this often. */
export const DEMO_HISTORY_REFRESH_MS = 10_000

/** The dashboard's data, one query per call, keyed by the gym shown (null: every gym the user has). */
export const dashboardQueries = {
  stats: (gymId: number | null) =>
    queryOptions({
      queryKey: ['dashboard', 'stats', gymId],
      queryFn: () => fetchStats({ data: { gym_id: gymId ?? undefined } }),
      refetchInterval: (query) => (query.state.data?.demo_history_pending ? DEMO_HISTORY_REFRESH_MS : false),
    }),
  activeUsers: (gymId: number | null) =>
    queryOptions({
      queryKey: ['dashboard', 'active-users', gymId],
      queryFn: () => fetchActiveUsers({ data: { gym_id: gymId ?? undefined } }),
    }),
  userBreakdown: (gymId: number | null) =>
    queryOptions({
      queryKey: ['dashboard', 'user-breakdown', gymId],
      queryFn: () => fetchUserBreakdown({ data: { gym_id: gymId ?? undefined } }),
    }),
  costAndVisitBreakdown: (gymId: number | null) =>
    queryOptions({
      queryKey: ['dashboard', 'cost-and-visit-breakdown', gymId],
      queryFn: () => fetchCostAndVisitBreakdown({ data: { gym_id: gymId ?? undefined } }),
    }),
}

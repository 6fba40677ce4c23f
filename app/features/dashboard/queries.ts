import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { SessionUser } from '~/features/auth/contract'
import {
  fetchActiveUsers,
  fetchCostAndVisitBreakdown,
  fetchStats,
  fetchUserBreakdown,
} from './dashboard.functions'

/** The dashboard's data, one query per call, keyed by the gym shown (null: every gym the user has). */
export const dashboardQueries = {
  stats: (gymId: number | null) =>
    queryOptions({
      queryKey: ['dashboard', 'stats', gymId],
      queryFn: () => fetchStats({ data: { gym_id: gymId ?? undefined } }),
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

export type DashboardScope = 'all' | undefined

/** The gym the dashboard shows: the current gym, or (scope `all`) every gym the user has. */
export function dashboardGymId(user: SessionUser, scope: DashboardScope): number | null {
  if (scope === 'all' && user.gyms.length > 1) return null
  return user.current_gym?.id ?? null
}

/**
 * Starts the four reports at once, without waiting for them: on a first visit the server asks while it
 * renders and streams each answer into the page as it comes (no round trip after the page's code has
 * loaded); on a navigation the screen shows at once, its panels filling in (issue 13: first loads).
 */
export function prefetchDashboard(queryClient: QueryClient, gymId: number | null): void {
  void queryClient.prefetchQuery(dashboardQueries.stats(gymId))
  void queryClient.prefetchQuery(dashboardQueries.activeUsers(gymId))
  void queryClient.prefetchQuery(dashboardQueries.userBreakdown(gymId))
  void queryClient.prefetchQuery(dashboardQueries.costAndVisitBreakdown(gymId))
}

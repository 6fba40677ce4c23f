import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { SessionUser } from '~/contracts/auth'
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

export type DashboardScope = 'all' | undefined

/** The gym the dashboard shows: the current gym, or (scope `all`) every gym the user has. */
export function dashboardGymId(user: SessionUser, scope: DashboardScope): number | null {
  if (scope === 'all' && user.gyms.length > 1) return null
  return user.current_gym?.id ?? null
}

/**
 * Starts the four reports at once. On a first visit the loader waits for them (about 15 ms each on the
 * demo data), so the server's HTML already holds the figures and they show before the page's code has
 * loaded; on a navigation it doesn't, so the screen shows at once and its panels fill in (issue 13).
 */
export function prefetchDashboard(queryClient: QueryClient, gymId: number | null): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(dashboardQueries.stats(gymId)),
    queryClient.prefetchQuery(dashboardQueries.activeUsers(gymId)),
    queryClient.prefetchQuery(dashboardQueries.userBreakdown(gymId)),
    queryClient.prefetchQuery(dashboardQueries.costAndVisitBreakdown(gymId)),
  ])
}

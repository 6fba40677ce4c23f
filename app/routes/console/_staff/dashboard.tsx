import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/features/auth/route-guard'
import { DashboardPage } from '~/features/dashboard/dashboard-page'
import { dashboardGymId, prefetchDashboard } from '~/features/dashboard/queries'
import { oneOf, searchParams } from '~/lib/search-params'

const searchSchema = searchParams({ scope: oneOf(['all']) })

/** How the business is doing, for the current gym or every gym the user has (issue 6). */
export const Route = createFileRoute('/console/_staff/dashboard')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'dashboard'),
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ scope: search.scope }),
  loader: async ({ context, deps }) => {
    const reports = prefetchDashboard(context.queryClient, dashboardGymId(context.user, deps.scope))
    if (import.meta.env.SSR) await reports
  },
  head: () => ({ meta: [{ title: 'Dashboard · Gymbase' }] }),
  component: function Dashboard() {
    const { user } = Route.useRouteContext()
    return <DashboardPage user={user} scope={Route.useSearch().scope} />
  },
})

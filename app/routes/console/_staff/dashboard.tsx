import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/access/route-guard'
import { DashboardPage } from '~/features/dashboard/dashboard-page'
import { z } from '~/lib/validation'

/** How the business is doing, for the current gym or every gym the user has (issue 6). */
export const Route = createFileRoute('/console/_staff/dashboard')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'dashboard'),
  validateSearch: z.object({ scope: z.enum(['all']).optional().catch(undefined) }),
  head: () => ({ meta: [{ title: 'Dashboard · Gymbase' }] }),
  component: function Dashboard() {
    const { user } = Route.useRouteContext()
    return <DashboardPage user={user} scope={Route.useSearch().scope} />
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/access/route-guard'
import {
  ActiveUserError,
  ActiveUserPage,
  ActiveUserSkeleton,
} from '~/features/billing-debugging/active-user-page'
import { activeUserSearchSchema } from '~/features/billing-debugging/contract'
import { activeUserCountsQuery, activeUsersQuery } from '~/features/billing-debugging/queries'

/** Each member counted as active or not, and why (SPEC §2.2, §4; issue 4). */
export const Route = createFileRoute('/console/_staff/active-user-debugging')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'payments'),
  validateSearch: activeUserSearchSchema,
  loaderDeps: ({ search }) => ({ gym_id: search.gym_id, page: search.page, per_page: search.per_page }),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(activeUserCountsQuery(deps)),
      context.queryClient.ensureQueryData(activeUsersQuery(deps)),
    ]),
  head: () => ({ meta: [{ title: 'Active user debugging · Gymbase' }] }),
  pendingComponent: ActiveUserSkeleton,
  errorComponent: ActiveUserError,
  component: function ActiveUserDebugging() {
    return <ActiveUserPage search={Route.useSearch()} />
  },
})

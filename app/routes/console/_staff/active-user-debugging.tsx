import { createFileRoute } from '@tanstack/react-router'
import { OutsideGymsPage } from '~/components/page-states'
import { isOutsideGyms, loadForOwnGym, requireConsoleArea } from '~/features/auth/route-guard'
import {
  ActiveUserError,
  ActiveUserPage,
  ActiveUserSkeleton,
  activeUserScreen,
} from '~/features/billing-debugging/active-user-page'
import { activeUserCountsQuery, activeUsersQuery } from '~/features/billing-debugging/queries'
import { activeUserSearchSchema } from '~/features/billing-debugging/search'

/** Each member counted as active or not, and why (SPEC §2.2, §4; issue 4). */
export const Route = createFileRoute('/console/_staff/active-user-debugging')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'payments'),
  validateSearch: activeUserSearchSchema,
  loaderDeps: ({ search }) => ({ gym_id: search.gym_id, page: search.page, per_page: search.per_page }),
  loader: ({ context, deps }) =>
    loadForOwnGym(context.user, deps.gym_id, () =>
      Promise.all([
        context.queryClient.ensureQueryData(activeUserCountsQuery(deps)),
        context.queryClient.ensureQueryData(activeUsersQuery(deps)),
      ]),
    ),
  head: () => ({ meta: [{ title: 'Active user debugging · Gymbase' }] }),
  pendingComponent: ActiveUserSkeleton,
  errorComponent: ActiveUserError,
  component: function ActiveUserDebugging() {
    const { user } = Route.useRouteContext()
    const search = Route.useSearch()
    if (isOutsideGyms(user, search.gym_id)) {
      return <OutsideGymsPage {...activeUserScreen} gyms={user.gyms} to="/console/active-user-debugging" />
    }
    return <ActiveUserPage search={search} />
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage, OutsideGymsPage } from '~/components/page-states'
import { gymRolesOf, seesMoneyAt } from '~/contracts/areas'
import { isOutsideGyms, loadForOwnGym, requireConsoleArea } from '~/features/auth/route-guard'
import { MembersPage } from '~/features/members/members-page'
import { memberQueries } from '~/features/members/queries'
import { membersSearchSchema } from '~/features/members/search'

const description = 'Everyone who has joined your gyms.'

/** members.index: the members in the user's gyms, filtered, sorted and paged by the address (issue 15). */
export const Route = createFileRoute('/console/_staff/members/')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'members'),
  validateSearch: membersSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    loadForOwnGym(context.user, deps.gym_id, () =>
      Promise.all([
        context.queryClient.ensureQueryData(memberQueries.filterOptions()),
        context.queryClient.ensureQueryData(memberQueries.list(deps)),
      ]),
    ),
  head: () => ({ meta: [{ title: 'Members · Gymbase' }] }),
  errorComponent: ({ error }) => <LoadFailedPage title="Members" description={description} error={error} />,
  component: function Members() {
    const search = Route.useSearch()
    const { user } = Route.useRouteContext()
    if (isOutsideGyms(user, search.gym_id)) {
      return (
        <OutsideGymsPage title="Members" description={description} gyms={user.gyms} to="/console/members" />
      )
    }
    return <MembersPage search={search} seesMoney={seesMoneyAt(gymRolesOf(user), search.gym_id)} />
  },
})

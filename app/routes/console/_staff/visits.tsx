import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage, OutsideGymsPage } from '~/components/page-states'
import { isOutsideGyms, loadForOwnGym, requireConsoleArea } from '~/features/auth/route-guard'
import { visitQueries } from '~/features/visits/queries'
import { visitsSearchSchema } from '~/features/visits/search'
import { VisitsPage } from '~/features/visits/visits-page'

const description = 'Who came in, and who the door turned away.'

/** visits.index: the entries at the user's gyms, filtered, sorted and paged by the address (issue 16). */
export const Route = createFileRoute('/console/_staff/visits')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'visits'),
  validateSearch: visitsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    loadForOwnGym(context.user, deps.gym_id, () =>
      context.queryClient.ensureQueryData(visitQueries.list(deps)),
    ),
  head: () => ({ meta: [{ title: 'Visits · Gymbase' }] }),
  errorComponent: ({ error }) => <LoadFailedPage title="Visits" description={description} error={error} />,
  component: function Visits() {
    const search = Route.useSearch()
    const { user } = Route.useRouteContext()
    if (isOutsideGyms(user, search.gym_id)) {
      return (
        <OutsideGymsPage title="Visits" description={description} gyms={user.gyms} to="/console/visits" />
      )
    }
    return <VisitsPage search={search} gyms={user.gyms} />
  },
})

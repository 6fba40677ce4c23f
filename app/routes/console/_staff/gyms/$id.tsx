import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage } from '~/components/page-states'
import { organisationIdOf, requireConsoleArea } from '~/features/auth/route-guard'
import { doorQueries } from '~/features/doors/queries'
import { GymPage } from '~/features/gyms/gyms-page'
import { gymQueries } from '~/features/gyms/queries'
import { idParams } from '~/lib/route-params'

/** gyms.show (issue 17): one gym of the organisation. */
export const Route = createFileRoute('/console/_staff/gyms/$id')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'organisation'),
  params: idParams,
  loader: async ({ context, params }) => {
    // The doors come on their own (a provider call): a navigation shows the rest meanwhile; the first
    // visit's HTML holds them, so the page hydrates as it was rendered (architecture rule 7).
    const doors = context.queryClient.prefetchQuery(doorQueries.gym(params.id))
    const gym = context.queryClient.ensureQueryData(gymQueries.gym(params.id))
    if (import.meta.env.SSR) await doors
    return gym
  },
  head: () => ({ meta: [{ title: 'Gym · Gymbase' }] }),
  errorComponent: ({ error }) => (
    <LoadFailedPage title="Gym" description="One of your organisation’s gyms." error={error} />
  ),
  component: function Gym() {
    const { user } = Route.useRouteContext()
    return <GymPage id={Route.useParams().id} organisationId={organisationIdOf(user)} />
  },
})

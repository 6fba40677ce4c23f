import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage, LoadingPage, SkeletonBar } from '~/components/page-states'
import { requireConsoleArea } from '~/features/auth/route-guard'
import { CreateOfferingPage } from '~/features/catalogue/create-offering-page'
import { organisationQueries } from '~/features/organisation/queries'

const description = 'A membership type: who it is for, when members may come in, and what it costs.'

/** offerings.create: an offering with its type, gyms, hours and prices (SPEC §2.2; issue 5). */
export const Route = createFileRoute('/console/_staff/offerings/create')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'offerings'),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(
      organisationQueries.settings(context.user.current_organisation?.id ?? 0),
    ),
  head: () => ({ meta: [{ title: 'New offering · Gymbase' }] }),
  pendingComponent: () => (
    <LoadingPage title="New offering" description={description}>
      <SkeletonBar className="h-64 w-full" />
    </LoadingPage>
  ),
  errorComponent: ({ error }) => (
    <LoadFailedPage title="New offering" description={description} error={error} />
  ),
  component: function CreateOffering() {
    const { user } = Route.useRouteContext()
    const { data: organisation } = useSuspenseQuery(
      organisationQueries.settings(user.current_organisation?.id ?? 0),
    )
    return <CreateOfferingPage user={user} organisation={organisation} />
  },
})

import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { FormLoadingPage } from '~/components/form-loading-page'
import { LoadFailedPage } from '~/components/page-states'
import { organisationIdOf, requireConsoleArea } from '~/features/auth/route-guard'
import { CreateOfferingPage } from '~/features/catalogue/create-offering-page'
import { organisationQueries } from '~/features/organisation/queries'

const description = 'A membership type: who it is for, when members may come in, and what it costs.'

/** offerings.create: an offering with its type, gyms, hours and prices (SPEC §2.2; issue 5). */
export const Route = createFileRoute('/console/_staff/offerings/create')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'offerings'),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(organisationQueries.settings(organisationIdOf(context.user))),
  head: () => ({ meta: [{ title: 'New offering · Gymbase' }] }),
  pendingComponent: () => <FormLoadingPage title="New offering" description={description} />,
  errorComponent: ({ error }) => (
    <LoadFailedPage title="New offering" description={description} error={error} />
  ),
  component: function CreateOffering() {
    const { user } = Route.useRouteContext()
    const { data: organisation } = useSuspenseQuery(organisationQueries.settings(organisationIdOf(user)))
    return <CreateOfferingPage user={user} organisation={organisation} />
  },
})

import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { FormLoadingPage } from '~/components/form-loading-page'
import { LoadFailedPage } from '~/components/page-states'
import { organisationIdOf, requireConsoleArea } from '~/features/auth/route-guard'
import { EditOfferingPage } from '~/features/catalogue/create-offering-page'
import { catalogueQueries, ensureOfferingAndSettings } from '~/features/catalogue/queries'
import { organisationQueries } from '~/features/organisation/queries'
import { idParams } from '~/lib/route-params'

/** offerings.edit: an offering's name, description, gyms and opening hours (issue 13). */
export const Route = createFileRoute('/console/_staff/offerings/$id_/edit')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'offerings'),
  params: idParams,
  loader: async ({ context, params }) => {
    const offering = await ensureOfferingAndSettings(context.queryClient, context.user, params.id)
    // Someone who may only look at the offering is shown it, not a form they can't save.
    if (!offering.can_manage) throw redirect({ to: '/console/offerings/$id', params: { id: params.id } })
    return { name: offering.name }
  },
  head: ({ loaderData }) => ({ meta: [{ title: `Edit ${loaderData?.name ?? 'offering'} · Gymbase` }] }),
  pendingComponent: () => <FormLoadingPage title="Edit offering" description="" />,
  errorComponent: ({ error }) => <LoadFailedPage title="Edit offering" description="" error={error} />,
  component: function EditOffering() {
    const { user } = Route.useRouteContext()
    const { id } = Route.useParams()
    const { data: offering } = useSuspenseQuery(catalogueQueries.offering(id))
    const { data: organisation } = useSuspenseQuery(organisationQueries.settings(organisationIdOf(user)))
    return <EditOfferingPage user={user} organisation={organisation} offering={offering} />
  },
})

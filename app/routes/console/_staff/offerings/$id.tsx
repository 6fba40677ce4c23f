import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage } from '~/components/page-states'
import { organisationIdOf, requireConsoleArea } from '~/features/auth/route-guard'
import { OfferingPage } from '~/features/catalogue/offering-page'
import { ensureOfferingAndSettings, prefetchMembersPerGym } from '~/features/catalogue/queries'
import { OfferingSkeleton } from '~/features/catalogue/skeletons'
import { organisationQueries } from '~/features/organisation/queries'
import { idParams } from '~/lib/route-params'

/** offerings.show: an offering's details, prices, private links and members per gym (SPEC §2.2; issue 5). */
export const Route = createFileRoute('/console/_staff/offerings/$id')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'offerings'),
  params: idParams,
  loader: async ({ context, params }) => {
    const offering = await ensureOfferingAndSettings(context.queryClient, context.user, params.id)
    const membersPerGym = prefetchMembersPerGym(context.queryClient, offering, context.user)
    if (import.meta.env.SSR) await membersPerGym
    return { name: offering.name }
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.name ?? 'Offering'} · Gymbase` }] }),
  pendingComponent: OfferingSkeleton,
  errorComponent: ({ error }) => <LoadFailedPage title="Offering" description="" error={error} />,
  component: function OfferingScreen() {
    const { user } = Route.useRouteContext()
    const { data: organisation } = useSuspenseQuery(organisationQueries.settings(organisationIdOf(user)))
    return <OfferingPage id={Route.useParams().id} user={user} organisation={organisation} />
  },
})

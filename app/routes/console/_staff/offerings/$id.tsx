import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage } from '~/components/page-states'
import { OfferingPage } from '~/features/catalogue/offering-page'
import { catalogueQueries } from '~/features/catalogue/queries'
import { OfferingSkeleton } from '~/features/catalogue/skeletons'
import { requireConsoleArea } from '~/features/shell/area-guard'
import { idParams } from '~/lib/route-params'

/** offerings.show: an offering's details, prices, private links and members per gym (SPEC §2.2; issue 5). */
export const Route = createFileRoute('/console/_staff/offerings/$id')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'offerings'),
  params: idParams,
  loader: async ({ context, params }) => {
    const offering = await context.queryClient.ensureQueryData(catalogueQueries.offering(params.id))
    return { name: offering.name }
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.name ?? 'Offering'} · Gymbase` }] }),
  pendingComponent: OfferingSkeleton,
  errorComponent: ({ error }) => <LoadFailedPage title="Offering" description="" error={error} />,
  component: function OfferingScreen() {
    return <OfferingPage id={Route.useParams().id} user={Route.useRouteContext().user} />
  },
})

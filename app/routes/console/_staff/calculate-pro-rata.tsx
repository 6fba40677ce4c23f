import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage, LoadingPage, SkeletonBar } from '~/components/page-states'
import { requireConsoleArea } from '~/features/auth/route-guard'
import { ProRataPage } from '~/features/catalogue/pro-rata-page'
import { catalogueQueries } from '~/features/catalogue/queries'
import { proRataDescription, proRataTitle } from '~/features/catalogue/skeletons'

/** calculate-pro-rata (SPEC §2.2; issue 5). */
export const Route = createFileRoute('/console/_staff/calculate-pro-rata')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'organisation'),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(
      catalogueQueries.organisationPrices(context.user.current_organisation?.id ?? 0),
    ),
  head: () => ({ meta: [{ title: 'Calculate pro rata · Gymbase' }] }),
  pendingComponent: () => (
    <LoadingPage title={proRataTitle} description={proRataDescription}>
      <SkeletonBar className="h-64 w-full" />
    </LoadingPage>
  ),
  errorComponent: ({ error }) => (
    <LoadFailedPage title={proRataTitle} description={proRataDescription} error={error} />
  ),
  component: function CalculateProRata() {
    return <ProRataPage organisationId={Route.useRouteContext().user.current_organisation?.id ?? 0} />
  },
})

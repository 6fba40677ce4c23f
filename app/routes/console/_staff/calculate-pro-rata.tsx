import { createFileRoute } from '@tanstack/react-router'
import { FormLoadingPage } from '~/components/form-loading-page'
import { LoadFailedPage } from '~/components/page-states'
import { organisationIdOf, requireConsoleArea } from '~/features/auth/route-guard'
import { ProRataPage } from '~/features/catalogue/pro-rata-page'
import { catalogueQueries } from '~/features/catalogue/queries'
import { proRataDescription, proRataTitle } from '~/features/catalogue/skeletons'

/** calculate-pro-rata (SPEC §2.2; issue 5). */
export const Route = createFileRoute('/console/_staff/calculate-pro-rata')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'organisation'),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(catalogueQueries.organisationPrices(organisationIdOf(context.user))),
  head: () => ({ meta: [{ title: 'Calculate pro rata · Gymbase' }] }),
  pendingComponent: () => <FormLoadingPage title={proRataTitle} description={proRataDescription} />,
  errorComponent: ({ error }) => (
    <LoadFailedPage title={proRataTitle} description={proRataDescription} error={error} />
  ),
  component: function CalculateProRata() {
    return <ProRataPage organisationId={organisationIdOf(Route.useRouteContext().user)} />
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage } from '~/components/page-states'
import { requireConsoleArea } from '~/features/auth/route-guard'
import { OfferingsPage } from '~/features/catalogue/offerings-page'
import { offeringsQueryFor } from '~/features/catalogue/queries'
import { OfferingsSkeleton } from '~/features/catalogue/skeletons'
import { MAX_RECORD_ID } from '~/lib/record-id'
import { integer, searchParams, yesNo } from '~/lib/search-params'

const searchSchema = searchParams({
  gym_id: integer({ min: 1, max: MAX_RECORD_ID }),
  archived: yesNo(),
  page: integer({ min: 1 }),
})

/** offerings.index: the offerings of one gym, active or archived (SPEC §2.2; issue 5). */
export const Route = createFileRoute('/console/_staff/offerings/')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'offerings'),
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const query = offeringsQueryFor(context.user, deps)
    if (query) await context.queryClient.ensureQueryData(query)
  },
  head: () => ({ meta: [{ title: 'Offerings · Gymbase' }] }),
  pendingComponent: OfferingsSkeleton,
  errorComponent: ({ error }) => (
    <LoadFailedPage title="Offerings" description="Membership types and their prices." error={error} />
  ),
  component: function Offerings() {
    return <OfferingsPage user={Route.useRouteContext().user} search={Route.useSearch()} />
  },
})

import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { requireConsoleArea } from '~/access/route-guard'
import { LoadFailedPage } from '~/components/page-states'
import { OfferingsPage } from '~/features/catalogue/offerings-page'
import { offeringsQueryFor } from '~/features/catalogue/queries'
import { OfferingsSkeleton } from '~/features/catalogue/skeletons'

const searchSchema = z.object({
  gym_id: z.catch(z.optional(z.int().check(z.positive())), undefined),
  archived: z.catch(z.optional(z.boolean()), undefined),
  page: z.catch(z.optional(z.int().check(z.minimum(1))), undefined),
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

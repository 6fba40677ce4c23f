import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage } from '~/components/page-states'
import { requireConsoleArea } from '~/features/auth/route-guard'
import { GymsPage, gymsDescription } from '~/features/gyms/gyms-page'
import { gymQueries } from '~/features/gyms/queries'
import { listSearchSchema } from '~/lib/search'

/** gyms.index (issue 17): the organisation's gyms, for its admins. */
export const Route = createFileRoute('/console/_staff/gyms/')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'organisation'),
  validateSearch: listSearchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(gymQueries.list()),
  head: () => ({ meta: [{ title: 'Gyms · Gymbase' }] }),
  errorComponent: ({ error }) => <LoadFailedPage title="Gyms" description={gymsDescription} error={error} />,
  component: GymsPage,
})

import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage } from '~/components/page-states'
import { organisationIdOf, requireConsoleArea } from '~/features/auth/route-guard'
import { staffQueries } from '~/features/staff/queries'
import { staffSearchSchema } from '~/features/staff/search'
import { StaffPage, staffDescription } from '~/features/staff/staff-page'

/** staff.index (issue 17): the organisation's staff, for its admins. */
export const Route = createFileRoute('/console/_staff/staff/')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'organisation'),
  validateSearch: staffSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(staffQueries.list(organisationIdOf(context.user), deps)),
  head: () => ({ meta: [{ title: 'Staff · Gymbase' }] }),
  errorComponent: ({ error }) => (
    <LoadFailedPage title="Staff" description={staffDescription} error={error} />
  ),
  component: function Staff() {
    const { user } = Route.useRouteContext()
    return <StaffPage search={Route.useSearch()} organisationId={organisationIdOf(user)} gyms={user.gyms} />
  },
})

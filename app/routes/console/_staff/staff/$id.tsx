import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage } from '~/components/page-states'
import { requireConsoleArea } from '~/features/auth/route-guard'
import { staffQueries } from '~/features/staff/queries'
import { StaffMemberPage } from '~/features/staff/staff-member-page'
import { idParams } from '~/lib/route-params'

/** staff.show (issue 17): one staff member, their roles, invitation and deactivation. */
export const Route = createFileRoute('/console/_staff/staff/$id')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'organisation'),
  params: idParams,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(staffQueries.member(params.id)),
  head: () => ({ meta: [{ title: 'Staff member · Gymbase' }] }),
  errorComponent: ({ error }) => (
    <LoadFailedPage title="Staff member" description="One of your organisation’s staff." error={error} />
  ),
  component: function StaffMember() {
    const { user } = Route.useRouteContext()
    return <StaffMemberPage id={Route.useParams().id} gyms={user.gyms} />
  },
})

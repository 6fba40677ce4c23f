import { createFileRoute } from '@tanstack/react-router'
import { accessOf, mayUse } from '~/access/areas'
import { requireConsoleArea } from '~/access/route-guard'
import { LoadFailedPage } from '~/components/page-states'
import { MemberActivityPage } from '~/features/members/member-activity-page'
import { memberQueries } from '~/features/members/queries'
import { memberActivitySearchSchema } from '~/features/members/search'
import { idParams } from '~/lib/route-params'

/** members.activity: visits, billing periods and cost per visit over a chosen range (issue 15). */
export const Route = createFileRoute('/console/_staff/members/$id/activity')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'members'),
  params: idParams,
  validateSearch: memberActivitySearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const weeks = deps.weeks ?? 12
    const { queryClient } = context
    const [member] = await Promise.all([
      queryClient.ensureQueryData(memberQueries.member(params.id)),
      queryClient.ensureQueryData(memberQueries.weeklyVisits(params.id, weeks)),
      queryClient.ensureQueryData(memberQueries.periods(params.id, weeks)),
      mayUse(accessOf(context.user), 'payments')
        ? queryClient.ensureQueryData(memberQueries.costPerVisit(params.id, weeks))
        : undefined,
    ])
    return { name: member.name }
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.name ?? 'Member'}: activity · Gymbase` }] }),
  errorComponent: ({ error }) => (
    <LoadFailedPage title="Member activity" description="Visits and payments over time." error={error} />
  ),
  component: function MemberActivity() {
    const { id } = Route.useParams()
    const { user } = Route.useRouteContext()
    return (
      <MemberActivityPage id={id} search={Route.useSearch()} seesMoney={mayUse(accessOf(user), 'payments')} />
    )
  },
})

import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage } from '~/components/page-states'
import { requireConsoleArea } from '~/features/auth/route-guard'
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
    const detail = queryClient.ensureQueryData(memberQueries.member(params.id))
    const [member] = await Promise.all([
      detail,
      queryClient.ensureQueryData(memberQueries.weeklyVisits(params.id, weeks)),
      queryClient.ensureQueryData(memberQueries.periods(params.id, weeks)),
      // Cost per visit is money: for those who run the member's gym (ADR 032).
      detail.then((found) =>
        found.sees_money
          ? queryClient.ensureQueryData(memberQueries.costPerVisit(params.id, weeks))
          : undefined,
      ),
    ])
    return { name: member.name }
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.name ?? 'Member'}: activity · Gymbase` }] }),
  errorComponent: ({ error }) => (
    <LoadFailedPage title="Member activity" description="Visits and payments over time." error={error} />
  ),
  component: function MemberActivity() {
    const { id } = Route.useParams()
    const { data: member } = useSuspenseQuery(memberQueries.member(id))
    return <MemberActivityPage id={id} search={Route.useSearch()} seesMoney={member.sees_money} />
  },
})

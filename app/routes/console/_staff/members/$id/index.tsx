import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage } from '~/components/page-states'
import { organisationIdOf, requireConsoleArea } from '~/features/auth/route-guard'
import { MemberPage } from '~/features/members/member-page'
import { memberQueries } from '~/features/members/queries'
import { memberPageSearchSchema } from '~/features/members/search'
import { idParams } from '~/lib/route-params'

/** members.show: the member's page, its tab and list page in the address (issue 15). */
export const Route = createFileRoute('/console/_staff/members/$id/')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'members'),
  params: idParams,
  validateSearch: memberPageSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const page = deps.page ?? 1
    const member = context.queryClient.ensureQueryData(memberQueries.member(params.id))
    // The member's money is for those who run their gym (ADR 032): the member's answer says so.
    const list =
      deps.tab === 'payments'
        ? member.then((detail) =>
            detail.sees_money
              ? context.queryClient.ensureQueryData(memberQueries.payments(params.id, page))
              : undefined,
          )
        : deps.tab === 'visits'
          ? context.queryClient.ensureQueryData(memberQueries.visits(params.id, page))
          : deps.tab === 'history'
            ? context.queryClient.ensureQueryData(memberQueries.history(params.id, page))
            : undefined
    const [detail] = await Promise.all([member, list])
    return { name: detail.name }
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.name ?? 'Member'} · Gymbase` }] }),
  errorComponent: ({ error }) => (
    <LoadFailedPage title="Member" description="A member of your gyms." error={error} />
  ),
  component: function Member() {
    const { id } = Route.useParams()
    const { user } = Route.useRouteContext()
    const { data: member } = useSuspenseQuery(memberQueries.member(id))
    // Changing a membership is its gym's admins' (or an organisation admin's): ADR 012.
    const adminGymIds =
      user.current_organisation?.role === 'admin'
        ? 'all'
        : user.gyms.filter((gym) => gym.role === 'admin').map((gym) => gym.id)
    return (
      <MemberPage
        id={id}
        search={Route.useSearch()}
        seesMoney={member.sees_money}
        adminGymIds={adminGymIds}
        organisationId={organisationIdOf(user)}
      />
    )
  },
})

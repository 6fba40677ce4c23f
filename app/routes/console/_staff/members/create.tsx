import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/features/auth/route-guard'
import { AddMemberPage } from '~/features/members/add-member-page'

/** members.create: staff add a member, who finishes joining on the join site (issue 15). */
export const Route = createFileRoute('/console/_staff/members/create')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'members'),
  head: () => ({ meta: [{ title: 'Add member · Gymbase' }] }),
  component: function AddMember() {
    return <AddMemberPage user={Route.useRouteContext().user} />
  },
})

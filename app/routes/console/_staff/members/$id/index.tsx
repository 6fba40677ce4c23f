import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/access/route-guard'
import { PlannedScreen } from '~/components/page'
import { idParams } from '~/lib/route-params'

export const Route = createFileRoute('/console/_staff/members/$id/')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'members'),
  params: idParams,
  head: () => ({ meta: [{ title: 'Member · Gymbase' }] }),
  component: () => <PlannedScreen title="Member" />,
})

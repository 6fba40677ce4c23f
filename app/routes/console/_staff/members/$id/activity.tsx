import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/access/route-guard'
import { PlannedScreen } from '~/components/page'
import { idParams } from '~/lib/route-params'

export const Route = createFileRoute('/console/_staff/members/$id/activity')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'members'),
  params: idParams,
  head: () => ({ meta: [{ title: 'Member activity · Gymbase' }] }),
  component: () => <PlannedScreen title="Member activity" />,
})

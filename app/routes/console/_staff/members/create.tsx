import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/access/route-guard'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/console/_staff/members/create')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'members'),
  head: () => ({ meta: [{ title: 'New member · Gymbase' }] }),
  component: () => <PlannedScreen title="New member" />,
})

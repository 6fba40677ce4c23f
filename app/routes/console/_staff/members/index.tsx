import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/access/route-guard'
import { PlannedScreen } from '~/components/page'
import { listSearchSchema } from '~/lib/search'

export const Route = createFileRoute('/console/_staff/members/')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'members'),
  validateSearch: listSearchSchema,
  head: () => ({ meta: [{ title: 'Members · Gymbase' }] }),
  component: () => <PlannedScreen title="Members" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/access/route-guard'
import { PlannedScreen } from '~/components/page'
import { listSearchSchema } from '~/lib/search'

export const Route = createFileRoute('/console/_staff/members/change-price')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'price_changes'),
  validateSearch: listSearchSchema,
  head: () => ({ meta: [{ title: 'Change price · Gymbase' }] }),
  component: () => <PlannedScreen title="Change price" />,
})

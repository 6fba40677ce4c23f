import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/console/_staff/active-user-debugging')({
  head: () => ({ meta: [{ title: 'Active user debugging · Gymbase' }] }),
  component: () => <PlannedScreen title="Active user debugging" />,
})

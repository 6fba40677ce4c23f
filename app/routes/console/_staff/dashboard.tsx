import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/console/_staff/dashboard')({
  head: () => ({ meta: [{ title: 'Dashboard · Gymbase' }] }),
  component: () => <PlannedScreen title="Dashboard" />,
})

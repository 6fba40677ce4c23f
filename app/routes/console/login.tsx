import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/console/login')({
  head: () => ({ meta: [{ title: 'Log in · Gymbase' }] }),
  component: () => <PlannedScreen title="Log in" />,
})

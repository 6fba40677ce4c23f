import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/console/set-password')({
  head: () => ({ meta: [{ title: 'Set your password · Gymbase' }] }),
  component: () => <PlannedScreen title="Set your password" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/console/reset-password')({
  head: () => ({ meta: [{ title: 'Reset password · Gymbase' }] }),
  component: () => <PlannedScreen title="Reset password" />,
})

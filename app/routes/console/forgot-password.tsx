import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/console/forgot-password')({
  head: () => ({ meta: [{ title: 'Forgot password · Gymbase' }] }),
  component: () => <PlannedScreen title="Forgot password" />,
})

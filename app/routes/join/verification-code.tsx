import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/join/verification-code')({
  head: () => ({ meta: [{ title: 'Enter your code · Gymbase' }] }),
  component: () => <PlannedScreen title="Enter your code" />,
})

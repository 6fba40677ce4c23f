import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/join/_member/welcome-to-gym')({
  head: () => ({ meta: [{ title: 'Welcome to the gym · Gymbase' }] }),
  component: () => <PlannedScreen title="Welcome to the gym" />,
})

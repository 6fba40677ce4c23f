import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/join/_member/confirm-subscription')({
  head: () => ({ meta: [{ title: 'Confirm your membership · Gymbase' }] }),
  component: () => <PlannedScreen title="Confirm your membership" />,
})

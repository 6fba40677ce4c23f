import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/join/_member/card-details')({
  head: () => ({ meta: [{ title: 'Card details · Gymbase' }] }),
  component: () => <PlannedScreen title="Card details" />,
})

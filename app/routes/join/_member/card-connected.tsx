import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/join/_member/card-connected')({
  head: () => ({ meta: [{ title: 'Card connected · Gymbase' }] }),
  component: () => <PlannedScreen title="Card connected" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/join/_member/take-photo')({
  head: () => ({ meta: [{ title: 'Add your photo · Gymbase' }] }),
  component: () => <PlannedScreen title="Add your photo" />,
})

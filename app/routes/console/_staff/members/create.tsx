import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/console/_staff/members/create')({
  head: () => ({ meta: [{ title: 'New member · Gymbase' }] }),
  component: () => <PlannedScreen title="New member" />,
})

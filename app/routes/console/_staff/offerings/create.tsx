import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/console/_staff/offerings/create')({
  head: () => ({ meta: [{ title: 'New offering · Gymbase' }] }),
  component: () => <PlannedScreen title="New offering" />,
})

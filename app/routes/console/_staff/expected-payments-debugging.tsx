import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/console/_staff/expected-payments-debugging')({
  head: () => ({ meta: [{ title: 'Expected payments debugging · Gymbase' }] }),
  component: () => <PlannedScreen title="Expected payments debugging" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/console/_staff/stripe/callback')({
  head: () => ({ meta: [{ title: 'Connecting your payment account · Gymbase' }] }),
  component: () => <PlannedScreen title="Connecting your payment account" />,
})

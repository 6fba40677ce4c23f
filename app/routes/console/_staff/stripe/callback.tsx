import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/access/route-guard'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/console/_staff/stripe/callback')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'organisation'),
  head: () => ({ meta: [{ title: 'Connecting your payment account · Gymbase' }] }),
  component: () => <PlannedScreen title="Connecting your payment account" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/access/route-guard'
import { PlannedScreen } from '~/components/page'
import { listSearchSchema } from '~/lib/search'

export const Route = createFileRoute('/console/_staff/payments')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'payments'),
  validateSearch: listSearchSchema,
  head: () => ({ meta: [{ title: 'Payments · Gymbase' }] }),
  component: () => <PlannedScreen title="Payments" />,
})

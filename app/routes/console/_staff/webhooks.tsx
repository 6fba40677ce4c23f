import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/access/route-guard'
import { PlannedScreen } from '~/components/page'
import { listSearchSchema } from '~/lib/search'

export const Route = createFileRoute('/console/_staff/webhooks')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'organisation'),
  validateSearch: listSearchSchema,
  head: () => ({ meta: [{ title: 'Webhooks · Gymbase' }] }),
  component: () => <PlannedScreen title="Webhooks" />,
})

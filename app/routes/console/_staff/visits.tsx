import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/access/route-guard'
import { PlannedScreen } from '~/components/page'
import { listSearchSchema } from '~/lib/search'

export const Route = createFileRoute('/console/_staff/visits')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'visits'),
  validateSearch: listSearchSchema,
  head: () => ({ meta: [{ title: 'Visits · Gymbase' }] }),
  component: () => <PlannedScreen title="Visits" />,
})

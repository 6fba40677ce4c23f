import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/access/route-guard'
import { PlannedScreen } from '~/components/page'
import { listSearchSchema } from '~/lib/search'

export const Route = createFileRoute('/console/_staff/gyms/')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'organisation'),
  validateSearch: listSearchSchema,
  head: () => ({ meta: [{ title: 'Gyms · Gymbase' }] }),
  component: () => <PlannedScreen title="Gyms" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/access/route-guard'
import { PlannedScreen } from '~/components/page'
import { idParams } from '~/lib/route-params'

export const Route = createFileRoute('/console/_staff/gyms/$id')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'organisation'),
  params: idParams,
  head: () => ({ meta: [{ title: 'Gym · Gymbase' }] }),
  component: () => <PlannedScreen title="Gym" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/access/route-guard'
import { PlannedScreen } from '~/components/page'
import { idParams } from '~/lib/route-params'

export const Route = createFileRoute('/console/_staff/staff/$id')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'organisation'),
  params: idParams,
  head: () => ({ meta: [{ title: 'Staff member · Gymbase' }] }),
  component: () => <PlannedScreen title="Staff member" />,
})

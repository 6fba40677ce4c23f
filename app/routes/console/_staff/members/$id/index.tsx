import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'
import { idParams } from '~/lib/route-params'

export const Route = createFileRoute('/console/_staff/members/$id/')({
  params: idParams,
  head: () => ({ meta: [{ title: 'Member · Gymbase' }] }),
  component: () => <PlannedScreen title="Member" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'
import { idParams } from '~/lib/route-params'

export const Route = createFileRoute('/console/_staff/members/$id/activity')({
  params: idParams,
  head: () => ({ meta: [{ title: 'Member activity · Gymbase' }] }),
  component: () => <PlannedScreen title="Member activity" />,
})

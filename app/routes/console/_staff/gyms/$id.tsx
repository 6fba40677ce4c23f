import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'
import { idParams } from '~/lib/route-params'

export const Route = createFileRoute('/console/_staff/gyms/$id')({
  params: idParams,
  head: () => ({ meta: [{ title: 'Gym · Gymbase' }] }),
  component: () => <PlannedScreen title="Gym" />,
})

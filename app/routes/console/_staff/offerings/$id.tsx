import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'
import { idParams } from '~/lib/route-params'

export const Route = createFileRoute('/console/_staff/offerings/$id')({
  params: idParams,
  head: () => ({ meta: [{ title: 'Offering · Gymbase' }] }),
  component: () => <PlannedScreen title="Offering" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'
import { listSearchSchema } from '~/lib/search'

export const Route = createFileRoute('/console/_staff/gyms/')({
  validateSearch: listSearchSchema,
  head: () => ({ meta: [{ title: 'Gyms · Gymbase' }] }),
  component: () => <PlannedScreen title="Gyms" />,
})

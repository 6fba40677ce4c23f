import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'
import { listSearchSchema } from '~/lib/search'

export const Route = createFileRoute('/console/_staff/visits')({
  validateSearch: listSearchSchema,
  head: () => ({ meta: [{ title: 'Visits · Gymbase' }] }),
  component: () => <PlannedScreen title="Visits" />,
})

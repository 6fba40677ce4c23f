import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'
import { listSearchSchema } from '~/lib/search'

export const Route = createFileRoute('/console/_staff/staff/')({
  validateSearch: listSearchSchema,
  head: () => ({ meta: [{ title: 'Staff · Gymbase' }] }),
  component: () => <PlannedScreen title="Staff" />,
})

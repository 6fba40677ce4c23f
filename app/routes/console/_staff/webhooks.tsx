import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'
import { listSearchSchema } from '~/lib/search'

export const Route = createFileRoute('/console/_staff/webhooks')({
  validateSearch: listSearchSchema,
  head: () => ({ meta: [{ title: 'Webhooks · Gymbase' }] }),
  component: () => <PlannedScreen title="Webhooks" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'
import { listSearchSchema } from '~/lib/search'

export const Route = createFileRoute('/console/_staff/offerings/')({
  validateSearch: listSearchSchema,
  head: () => ({ meta: [{ title: 'Offerings · Gymbase' }] }),
  component: () => <PlannedScreen title="Offerings" />,
})

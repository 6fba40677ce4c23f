import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'
import { listSearchSchema } from '~/lib/search'

export const Route = createFileRoute('/console/_staff/members/change-price')({
  validateSearch: listSearchSchema,
  head: () => ({ meta: [{ title: 'Change price · Gymbase' }] }),
  component: () => <PlannedScreen title="Change price" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/console/_staff/calculate-pro-rata')({
  head: () => ({ meta: [{ title: 'Calculate pro rata · Gymbase' }] }),
  component: () => <PlannedScreen title="Calculate pro rata" />,
})

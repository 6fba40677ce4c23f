import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/console/two-factor-authentication')({
  head: () => ({ meta: [{ title: 'Two-factor authentication · Gymbase' }] }),
  component: () => <PlannedScreen title="Two-factor authentication" />,
})

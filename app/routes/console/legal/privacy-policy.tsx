import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/console/legal/privacy-policy')({
  head: () => ({ meta: [{ title: 'Privacy policy · Gymbase' }] }),
  component: () => <PlannedScreen title="Privacy policy" />,
})

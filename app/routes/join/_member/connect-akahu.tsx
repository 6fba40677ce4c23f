import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/join/_member/connect-akahu')({
  head: () => ({ meta: [{ title: 'Connect your bank account · Gymbase' }] }),
  component: () => <PlannedScreen title="Connect your bank account" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/join/_member/bank-account-connected')({
  head: () => ({ meta: [{ title: 'Bank account connected · Gymbase' }] }),
  component: () => <PlannedScreen title="Bank account connected" />,
})

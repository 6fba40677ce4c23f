import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'

export const Route = createFileRoute('/join/_member/choose-payment-method')({
  head: () => ({ meta: [{ title: 'Choose how to pay · Gymbase' }] }),
  component: () => <PlannedScreen title="Choose how to pay" />,
})

import { createFileRoute, redirect } from '@tanstack/react-router'
import { CardDetailsPage } from '~/features/join/card-details-page'

/** register.card-details: the card form, Stripe's setup flow against the sandbox without keys (issue 14). */
export const Route = createFileRoute('/join/_member/card-details')({
  // A gym without its own card account takes bank payments only (issue 25).
  beforeLoad: ({ context }) => {
    if (!context.user.gym_takes_cards) throw redirect({ to: '/join/choose-payment-method', replace: true })
  },
  head: () => ({ meta: [{ title: 'Card details · Gymbase' }] }),
  component: function CardDetails() {
    return <CardDetailsPage user={Route.useRouteContext().user} />
  },
})

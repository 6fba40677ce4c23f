import { createFileRoute } from '@tanstack/react-router'
import { CardDetailsPage } from '~/features/join/card-details-page'

/** register.card-details: the card form, Stripe's setup flow against the sandbox without keys (issue 14). */
export const Route = createFileRoute('/join/_member/card-details')({
  head: () => ({ meta: [{ title: 'Card details · Gymbase' }] }),
  component: function CardDetails() {
    return <CardDetailsPage user={Route.useRouteContext().user} />
  },
})

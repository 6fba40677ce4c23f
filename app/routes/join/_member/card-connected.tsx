import { createFileRoute, redirect } from '@tanstack/react-router'
import { MethodConnectedPage } from '~/features/join/method-connected-page'
import { listPaymentTypes } from '~/features/join/payment.functions'

/** register.card-connected: the method just added, and which to pay from (issue 14). */
export const Route = createFileRoute('/join/_member/card-connected')({
  // A gym without its own card account takes bank payments only (issue 25).
  beforeLoad: ({ context }) => {
    if (!context.user.gym_takes_cards) throw redirect({ to: '/join/choose-payment-method', replace: true })
  },
  head: () => ({ meta: [{ title: 'Card saved · Gymbase' }] }),
  loader: () => listPaymentTypes(),
  component: function CardConnected() {
    return (
      <MethodConnectedPage
        type="stripe_card"
        user={Route.useRouteContext().user}
        methods={Route.useLoaderData()}
      />
    )
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { PaymentMethodsPage } from '~/features/account/payment-methods-page'
import { listPaymentTypes } from '~/features/join/payment.functions'

/** `/account/payment-methods` (issue 28): the member's saved ways to pay. */
export const Route = createFileRoute('/join/_member/account/payment-methods')({
  head: () => ({ meta: [{ title: 'Payment methods · Gymbase' }] }),
  loader: () => listPaymentTypes(),
  component: function PaymentMethodsRoute() {
    return <PaymentMethodsPage user={Route.useRouteContext().user} methods={Route.useLoaderData()} />
  },
})

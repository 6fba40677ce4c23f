import { createFileRoute } from '@tanstack/react-router'
import { ChoosePaymentMethodPage } from '~/features/join/choose-payment-method-page'
import { listPaymentTypes } from '~/features/join/payment.functions'

/** register.choose-payment-method: bank account or card, with what each costs (issue 14). */
export const Route = createFileRoute('/join/_member/choose-payment-method')({
  head: () => ({ meta: [{ title: 'Choose how to pay · Gymbase' }] }),
  loader: () => listPaymentTypes(),
  component: function ChoosePaymentMethod() {
    return <ChoosePaymentMethodPage user={Route.useRouteContext().user} methods={Route.useLoaderData()} />
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { ChoosePaymentMethodPage } from '~/features/join/choose-payment-method-page'
import { joinQueries } from '~/features/join/queries'

/** register.choose-payment-method: bank account or card, with what each costs (issue 14). */
export const Route = createFileRoute('/join/_member/choose-payment-method')({
  head: () => ({ meta: [{ title: 'Choose how to pay · Gymbase' }] }),
  loader: ({ context }) => context.queryClient.fetchQuery(joinQueries.paymentTypes()),
  component: function ChoosePaymentMethod() {
    return <ChoosePaymentMethodPage user={Route.useRouteContext().user} />
  },
})

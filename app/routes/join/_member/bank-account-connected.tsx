import { createFileRoute } from '@tanstack/react-router'
import { MethodConnectedPage } from '~/features/join/method-connected-page'
import { listPaymentTypes } from '~/features/join/payment.functions'

/** register.bank-account-connected: the method just added, and which to pay from (issue 14). */
export const Route = createFileRoute('/join/_member/bank-account-connected')({
  head: () => ({ meta: [{ title: 'Bank account connected · Gymbase' }] }),
  loader: () => listPaymentTypes(),
  component: function BankAccountConnected() {
    return (
      <MethodConnectedPage
        type="bank_account"
        user={Route.useRouteContext().user}
        methods={Route.useLoaderData()}
      />
    )
  },
})

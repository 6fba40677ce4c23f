import { createFileRoute } from '@tanstack/react-router'
import { PayBankReturnPage } from '~/features/pay/pay-bank-return-page'
import { searchParams, text } from '~/lib/search-params'

/** What the bank's consent page sends back: a one-time code and our state, or an error. */
const searchSchema = searchParams({
  code: text({ max: 300 }),
  state: text({ max: 300 }),
  error: text({ max: 100 }),
})

/** Back from the bank to the payment link (issue 16): the accounts saved, then the pay page again. */
export const Route = createFileRoute('/join/pay-bank')({
  validateSearch: searchSchema,
  head: () => ({
    meta: [{ title: 'Connecting your bank · Gymbase' }, { name: 'referrer', content: 'no-referrer' }],
  }),
  component: function PayBank() {
    return <PayBankReturnPage back={Route.useSearch()} />
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { fetchPaymentLink } from '~/features/pay/pay.functions'
import { PayPage } from '~/features/pay/pay-page'
import { searchParams, text } from '~/lib/search-params'

const searchSchema = searchParams({ token: text({ max: 200 }), bank: text({ max: 20 }) })

/** Stripe's own additions to the link's address after a bank's page sent the member back. */
const stripeReturnParams = ['payment_intent', 'payment_intent_client_secret', 'redirect_status']

/** The payment link's page (issue 16): no sign-in, the link's token is the credential. */
export const Route = createFileRoute('/join/pay')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ token: search.token ?? '' }),
  loader: ({ deps }) => fetchPaymentLink({ data: { token: deps.token } }),
  // A page that takes money: always what the server says now, never a cached answer.
  staleTime: 0,
  gcTime: 0,
  head: () => ({
    meta: [{ title: 'Pay what you owe · Gymbase' }, { name: 'referrer', content: 'no-referrer' }],
  }),
  component: function Pay() {
    const { link, message } = Route.useLoaderData()
    const { token, bank } = Route.useSearch()
    // Back from a bank's page: the card charge was read as the page loaded (the loader's API call);
    // Stripe's additions, the client secret among them, leave the address and the history.
    useEffect(() => {
      const url = new URL(window.location.href)
      if (!stripeReturnParams.some((name) => url.searchParams.has(name))) return
      for (const name of stripeReturnParams) url.searchParams.delete(name)
      window.history.replaceState(window.history.state, '', url.href)
    }, [])
    return (
      <PayPage
        key={token}
        token={token ?? ''}
        link={link}
        message={message}
        bank={bank === 'connected' || bank === 'cancelled' ? bank : undefined}
      />
    )
  },
})

import { createFileRoute, redirect } from '@tanstack/react-router'
import { ConfirmSubscriptionPage } from '~/features/join/confirm-subscription-page'
import { readQuote } from '~/features/join/membership-quote'
import { fetchMembershipOptions } from '~/features/join/payment.functions'
import { todayInAuckland } from '~/lib/today'

/** register.confirm-subscription: choose, see the cost, accept the agreement, pay (issue 14). */
export const Route = createFileRoute('/join/_member/confirm-subscription')({
  // A member already holds a membership: a second confirm would be refused, so show the welcome.
  beforeLoad: ({ context }) => {
    if (context.user.price_id !== null) throw redirect({ to: '/join/welcome-to-gym' })
  },
  head: () => ({ meta: [{ title: 'Confirm your membership · Gymbase' }] }),
  // The options, then the first price's quote for today, so the page arrives with what is due today
  // rather than asking for it once it has hydrated.
  loader: async () => {
    const options = await fetchMembershipOptions()
    const priceId = options.offerings.flatMap((offering) => offering.prices)[0]?.id
    if (priceId === undefined) return { options, firstQuote: undefined }
    const startDate = todayInAuckland()
    return { options, firstQuote: { priceId, startDate, answer: await readQuote(priceId, startDate) } }
  },
  component: function ConfirmSubscription() {
    const { options, firstQuote } = Route.useLoaderData()
    return (
      <ConfirmSubscriptionPage
        user={Route.useRouteContext().user}
        options={options}
        firstQuote={firstQuote}
      />
    )
  },
})

import { createFileRoute, redirect } from '@tanstack/react-router'
import { ConfirmSubscriptionPage } from '~/features/join/confirm-subscription-page'
import { joinQueries } from '~/features/join/queries'

/** register.confirm-subscription: choose, see the cost, accept the agreement, pay (issue 14). */
export const Route = createFileRoute('/join/_member/confirm-subscription')({
  // A member already holds a membership: a second confirm would be refused, so show the welcome.
  beforeLoad: ({ context }) => {
    if (context.user.price_id !== null) throw redirect({ to: '/join/welcome-to-gym' })
  },
  head: () => ({ meta: [{ title: 'Confirm your membership · Gymbase' }] }),
  loader: ({ context }) => context.queryClient.fetchQuery(joinQueries.membershipOptions()),
  component: function ConfirmSubscription() {
    return <ConfirmSubscriptionPage user={Route.useRouteContext().user} />
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { fetchActiveSubscription } from '~/features/join/payment.functions'
import { WelcomeToGymPage } from '~/features/join/welcome-to-gym-page'

/** register.welcome-to-gym: the celebration and what happens next (SPEC §9; issue 14). */
export const Route = createFileRoute('/join/_member/welcome-to-gym')({
  head: () => ({ meta: [{ title: 'Welcome to the gym · Gymbase' }] }),
  loader: () => fetchActiveSubscription(),
  component: function WelcomeToGym() {
    return <WelcomeToGymPage user={Route.useRouteContext().user} membership={Route.useLoaderData()} />
  },
})

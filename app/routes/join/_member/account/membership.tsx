import { createFileRoute } from '@tanstack/react-router'
import { MembershipPage } from '~/features/account/membership-page'
import { fetchSelfService } from '~/features/account/membership-self-service.functions'

/** The account's "Pause or cancel" (issue 28): the member pauses, cancels and undoes by themselves. */
export const Route = createFileRoute('/join/_member/account/membership')({
  loader: () => fetchSelfService(),
  head: () => ({ meta: [{ title: 'Pause or cancel · Gymbase' }] }),
  component: function Membership() {
    return <MembershipPage state={Route.useLoaderData()} />
  },
})

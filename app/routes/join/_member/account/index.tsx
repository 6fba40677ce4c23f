import { createFileRoute } from '@tanstack/react-router'
import { fetchAccountOverview } from '~/features/account/account.functions'
import { AccountOverviewPage } from '~/features/account/account-overview-page'

/** `/account` (issue 28): the member's membership at a glance. */
export const Route = createFileRoute('/join/_member/account/')({
  head: () => ({ meta: [{ title: 'Your account · Gymbase' }] }),
  loader: () => fetchAccountOverview(),
  component: function AccountOverviewRoute() {
    return <AccountOverviewPage account={Route.useLoaderData()} />
  },
})

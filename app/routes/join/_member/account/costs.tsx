import { createFileRoute } from '@tanstack/react-router'
import { fetchAccountCosts } from '~/features/account/costs.functions'
import { CostsPage } from '~/features/account/costs-page'

/** The member's account: what their membership costs, ahead and so far (issue 28 point 2). */
export const Route = createFileRoute('/join/_member/account/costs')({
  head: () => ({ meta: [{ title: 'What it costs · Your account · Gymbase' }] }),
  loader: () => fetchAccountCosts(),
  component: function Costs() {
    return <CostsPage costs={Route.useLoaderData()} />
  },
})

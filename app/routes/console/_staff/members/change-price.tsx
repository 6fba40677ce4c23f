import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/features/auth/route-guard'
import { ChangePricePage } from '~/features/members/change-price-page'
import { changePriceSearchSchema } from '~/features/members/search'

/** members.change-price.index: one new price for many memberships (issue 15). */
export const Route = createFileRoute('/console/_staff/members/change-price')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'price_changes'),
  validateSearch: changePriceSearchSchema,
  head: () => ({ meta: [{ title: 'Change price · Gymbase' }] }),
  component: function ChangePrice() {
    return <ChangePricePage user={Route.useRouteContext().user} search={Route.useSearch()} />
  },
})

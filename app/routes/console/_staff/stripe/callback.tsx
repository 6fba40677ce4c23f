import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/features/auth/route-guard'
import { StripeCallbackPage } from '~/features/gyms/card-payments'
import { searchParams, text } from '~/lib/search-params'

/** What the card provider's onboarding sends back: our single-use state. */
const searchSchema = searchParams({ state: text({ max: 200 }) })

/** SPEC §2.2 `/stripe/callback`: back from the card provider's onboarding (issue 17). */
export const Route = createFileRoute('/console/_staff/stripe/callback')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'organisation'),
  validateSearch: searchSchema,
  head: () => ({
    meta: [{ title: 'Card payments · Gymbase' }, { name: 'referrer', content: 'no-referrer' }],
  }),
  component: function StripeCallback() {
    return <StripeCallbackPage state={Route.useSearch().state} />
  },
})

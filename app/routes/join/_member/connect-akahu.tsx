import { createFileRoute } from '@tanstack/react-router'
import { ConnectAkahuPage } from '~/features/join/connect-akahu-page'
import { searchParams, text } from '~/lib/search-params'

/** What the bank's consent page sends back: a one-time code and our state, or an error. */
const searchSchema = searchParams({
  code: text({ max: 300 }),
  state: text({ max: 300 }),
  error: text({ max: 100 }),
})

/** register.connect-akahu: open-banking connection (issue 14). */
export const Route = createFileRoute('/join/_member/connect-akahu')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: 'Connect your bank account · Gymbase' }] }),
  component: function ConnectAkahu() {
    const back = Route.useSearch()
    const { user } = Route.useRouteContext()
    // A new return (another code) is a new page, so its one-time exchange runs again.
    return (
      <ConnectAkahuPage
        key={back.code ?? back.error ?? 'start'}
        back={back}
        reconnecting={user.reauthenticate_akahu}
        cards={user.gym_takes_cards}
      />
    )
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage } from '~/components/page-states'
import { requireConsoleArea } from '~/features/auth/route-guard'
import { tapSearchSchema } from '~/features/doors/search'
import { TapPage } from '~/features/doors/tap-page'

/** The sandbox door system's tap page (issue 17): any staff member, at the doors of their gyms. */
export const Route = createFileRoute('/console/_staff/doors/tap')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'visits'),
  validateSearch: tapSearchSchema,
  head: () => ({ meta: [{ title: 'Try a door · Gymbase' }] }),
  errorComponent: ({ error }) => (
    <LoadFailedPage title="Try a door" description="The sandbox’s doors." error={error} />
  ),
  component: function Tap() {
    const { user } = Route.useRouteContext()
    return <TapPage search={Route.useSearch()} gyms={user.gyms} currentGymId={user.current_gym?.id ?? null} />
  },
})

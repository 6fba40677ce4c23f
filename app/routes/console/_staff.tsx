import { createFileRoute, Outlet } from '@tanstack/react-router'
import { NotFound } from '~/components/not-found'
import { consoleQueryCache, requireStaff } from '~/features/auth/guards'
import { ConsoleShell } from '~/features/shell/console-shell'

/** Every back-office screen behind sign-in: staff only (SPEC §2.2, §2.3), inside the shell of SPEC §2.4. */
export const Route = createFileRoute('/console/_staff')({
  // The query cache every screen's loader fills. In the route's `context`, which the browser makes
  // again, not in the guard's answer, which the server sends with the page (a cache can't be sent).
  context: ({ context }) => ({ queryClient: consoleQueryCache(context) }),
  beforeLoad: requireStaff,
  // Each component inline, not through a shared local helper: the router's code splitting moves inline
  // components out of the route tree, but a helper they share would stay in it, and with it the whole
  // shell would load on every page of both sites.
  component: function StaffLayout() {
    const { user } = Route.useRouteContext()
    return (
      <ConsoleShell user={user}>
        <Outlet />
      </ConsoleShell>
    )
  },
  // A screen's record that does not exist (its loader's 404 becomes the router's not-found) lands here,
  // the nearest route with a not-found component: the page inside the shell, the navigation still there.
  notFoundComponent: function StaffNotFound({ data }) {
    const { user } = Route.useRouteContext()
    return (
      <ConsoleShell user={user}>
        <NotFound data={data} />
      </ConsoleShell>
    )
  },
})

import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireStaff } from '~/features/auth/guards'
import { ConsoleShell } from '~/features/shell/console-shell'

/** Every back-office screen behind sign-in: staff only (SPEC §2.2, §2.3), inside the shell of SPEC §2.4. */
export const Route = createFileRoute('/console/_staff')({
  beforeLoad: requireStaff,
  component: function StaffLayout() {
    const { user } = Route.useRouteContext()
    return (
      <ConsoleShell user={user}>
        <Outlet />
      </ConsoleShell>
    )
  },
})

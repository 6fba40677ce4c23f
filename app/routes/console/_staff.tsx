import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireStaff } from '~/features/auth/guards'

/** Every back-office screen behind sign-in: staff only (SPEC §2.2, §2.3). The shell comes in issue 6. */
export const Route = createFileRoute('/console/_staff')({
  beforeLoad: requireStaff,
  component: Outlet,
})

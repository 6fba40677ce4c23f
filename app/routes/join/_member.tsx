import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireMember } from '~/features/auth/guards'

/** Registration steps after sign-up: a signed-in member only (SPEC §2.1, §2.3). */
export const Route = createFileRoute('/join/_member')({
  beforeLoad: requireMember,
  component: Outlet,
})

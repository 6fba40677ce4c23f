import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AccountFrame } from '~/features/account/account-frame'
import { requireJoinedMember } from '~/features/auth/guards'

/** The member's own account (issue 28): a member who has joined; the join flow's next step otherwise. */
export const Route = createFileRoute('/join/_member/account')({
  beforeLoad: requireJoinedMember,
  component: function Account() {
    return (
      <AccountFrame>
        <Outlet />
      </AccountFrame>
    )
  },
})

import { createFileRoute, Outlet } from '@tanstack/react-router'
import { JoinHeader } from '~/features/join/join-header'

/** Every join screen: the site's header above the screen (issue 13). */
export const Route = createFileRoute('/join')({
  component: function JoinLayout() {
    return (
      <>
        <JoinHeader />
        <Outlet />
      </>
    )
  },
})

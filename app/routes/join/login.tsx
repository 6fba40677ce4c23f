import { createFileRoute } from '@tanstack/react-router'
import { redirectSignedInFromRegister } from '~/features/auth/guards'
import { LoginPage } from '~/features/auth/login-page'
import { noticeSearchSchema } from '~/lib/search'

/** Not in SPEC §2.1: a member who left the sign-up half way needs a way back in (ADR 008). */
export const Route = createFileRoute('/join/login')({
  validateSearch: noticeSearchSchema,
  beforeLoad: redirectSignedInFromRegister,
  head: () => ({ meta: [{ title: 'Sign in · Join' }] }),
  component: function JoinLogin() {
    const search = Route.useSearch()
    return <LoginPage site="join" redirectTo={search.redirect} notice={search.notice} />
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { redirectSignedInFromConsoleSignIn } from '~/features/auth/guards'
import { LoginPage } from '~/features/auth/login-page'
import { noticeSearchSchema } from '~/lib/search'

export const Route = createFileRoute('/console/login')({
  validateSearch: noticeSearchSchema,
  beforeLoad: redirectSignedInFromConsoleSignIn,
  head: () => ({ meta: [{ title: 'Sign in · Gymbase' }] }),
  component: function ConsoleLogin() {
    const search = Route.useSearch()
    return <LoginPage site="console" redirectTo={search.redirect} notice={search.notice} />
  },
})

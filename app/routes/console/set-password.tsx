import { createFileRoute } from '@tanstack/react-router'
import { NewPasswordPage } from '~/features/auth/new-password-page'
import { emailLinkSearchSchema } from '~/lib/search'

/** A staff invitation's link: choose a password, then straight into the console. */
export const Route = createFileRoute('/console/set-password')({
  validateSearch: emailLinkSearchSchema,
  head: () => ({ meta: [{ title: 'Set your password · Gymbase' }] }),
  component: function SetPassword() {
    const { token, email } = Route.useSearch()
    return <NewPasswordPage kind="invitation" site="console" token={token} email={email} />
  },
})

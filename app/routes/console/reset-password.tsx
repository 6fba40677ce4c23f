import { createFileRoute } from '@tanstack/react-router'
import { NewPasswordPage } from '~/features/auth/new-password-page'
import { emailLinkSearchSchema } from '~/lib/search'

/** The e-mailed reset link lands here, on the site the user belongs to. */
export const Route = createFileRoute('/console/reset-password')({
  validateSearch: emailLinkSearchSchema,
  head: () => ({ meta: [{ title: 'Reset password · Gymbase' }] }),
  component: function ResetPassword() {
    const { token, email } = Route.useSearch()
    return <NewPasswordPage kind="reset" site="console" token={token} email={email} />
  },
})

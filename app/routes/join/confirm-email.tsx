import { createFileRoute } from '@tanstack/react-router'
import { ConfirmEmailPage } from '~/features/account/details-confirm-email-page'
import { emailLinkSearchSchema } from '~/lib/search'

/** The link sent to a member's new address (issue 28): works signed in or out. */
export const Route = createFileRoute('/join/confirm-email')({
  validateSearch: emailLinkSearchSchema,
  head: () => ({ meta: [{ title: 'Confirm your new e-mail address · Gymbase' }] }),
  component: function ConfirmEmail() {
    const { token, email } = Route.useSearch()
    return <ConfirmEmailPage token={token} email={email} />
  },
})

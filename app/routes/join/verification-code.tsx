import { createFileRoute } from '@tanstack/react-router'
import { CodePage } from '~/features/auth/code-page'
import { requirePendingVerification } from '~/features/auth/guards'

/** register.verification-code: the e-mailed code; `twoFactorAuth` comes from the guards (SPEC §2.1). */
export const Route = createFileRoute('/join/verification-code')({
  beforeLoad: requirePendingVerification,
  head: () => ({ meta: [{ title: 'Confirm your e-mail · Join' }] }),
  component: function VerificationCode() {
    return (
      <CodePage
        site="join"
        redirectTo={Route.useSearch().redirect}
        codeSentTo={Route.useRouteContext().codeSentTo}
      />
    )
  },
})

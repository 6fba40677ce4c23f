import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordPage } from '~/features/auth/forgot-password-page'
import { redirectSignedInFromConsoleSignIn } from '~/features/auth/guards'

export const Route = createFileRoute('/console/forgot-password')({
  beforeLoad: redirectSignedInFromConsoleSignIn,
  head: () => ({ meta: [{ title: 'Forgot password · Gymbase' }] }),
  component: () => <ForgotPasswordPage site="console" />,
})

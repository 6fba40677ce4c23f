import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordPage } from '~/features/auth/forgot-password-page'
import { redirectSignedInFromRegister } from '~/features/auth/guards'

export const Route = createFileRoute('/join/forgot-password')({
  beforeLoad: redirectSignedInFromRegister,
  head: () => ({ meta: [{ title: 'Forgot password · Gymbase' }] }),
  component: () => <ForgotPasswordPage site="join" />,
})

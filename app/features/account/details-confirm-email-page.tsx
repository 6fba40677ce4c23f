import { Link as RouterLink, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { Alert } from '~/components/ui/alert'
import { Button, buttonStyles } from '~/components/ui/button'
import { AuthFrame } from '~/features/auth/auth-frame'
import { useSessionStore } from '~/features/auth/session'
import { confirmEmailChange } from './details-functions'

/**
 * The link sent to a member's new address (issue 28) lands here, signed in or out. The address changes
 * when they press the button, not when the page opens, so a mail scanner that opens links changes nothing.
 */
export function ConfirmEmailPage(props: { token: string | undefined; email: string | undefined }) {
  const router = useRouter()
  const sessionStore = useSessionStore()
  const [state, setState] = useState<'ready' | 'busy' | 'done'>('ready')
  const [problem, setProblem] = useState<string>()
  const { token, email } = props
  if (!token || !email) {
    return (
      <AuthFrame title="This link is incomplete">
        <Alert tone="error">Open the link from the e-mail again, or ask for a new one on your account.</Alert>
      </AuthFrame>
    )
  }
  async function confirm() {
    if (state !== 'ready' || !token || !email) return
    setState('busy')
    setProblem(undefined)
    const result = await confirmEmailChange({ token, email })
    if (!result.ok) {
      setProblem(result.message)
      setState('ready')
      return
    }
    // Whoever is signed in here now signs in with the new address: the header and the account read it again.
    sessionStore.reset()
    router.clearCache()
    setState('done')
  }
  if (state === 'done') {
    return (
      <AuthFrame title="Your e-mail address is changed">
        <p role="status" className="mb-6 text-slate-700">
          From now on you sign in with <strong className="break-all">{email}</strong>, and the gym writes to
          you there.
        </p>
        <RouterLink to="/join/account/details" className={buttonStyles({ size: 'lg', fullWidth: true })}>
          Go to your account
        </RouterLink>
      </AuthFrame>
    )
  }
  return (
    <AuthFrame title="Confirm your new e-mail address">
      <p className="mb-6 text-slate-700">
        Sign in with <strong className="break-all">{email}</strong> from now on?
      </p>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <Button size="lg" fullWidth isPending={state === 'busy'} onPress={confirm}>
        Confirm my new address
      </Button>
    </AuthFrame>
  )
}

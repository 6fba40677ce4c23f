import { Link, useNavigate } from '@tanstack/react-router'
import { Landmark, ShieldCheck } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { linkStyles } from '~/components/ui/link'
import { Spinner } from '~/components/ui/spinner'
import { AuthFrame } from '~/features/auth/auth-frame'
import { useJoinCall } from './connection-lost'
import { JoinSteps } from './join-steps'
import { useNextStep } from './next-step'
import { fetchBankAuthUrl, finishBankConnection } from './payment.functions'

export interface BankReturn {
  code?: string | undefined
  state?: string | undefined
  error?: string | undefined
}

/**
 * register.connect-akahu (SPEC §2.1): connect a bank account through open banking. "Connect my bank"
 * opens the bank's consent page (the sandbox bank's without Akahu keys); it sends the member back here
 * with a one-time code, which is exchanged and the shared accounts saved. Cancelling at the bank, or a
 * code that no longer works, says so and offers to try again or pay by card.
 */
export function ConnectAkahuPage(props: { back: BankReturn; reconnecting?: boolean; cards?: boolean }) {
  const { code, state, error } = props.back
  const [message, setMessage] = useState<string | undefined>(
    error
      ? `You cancelled at your bank, so nothing was shared. You can try again${props.cards ? ', or pay by card' : ''}.`
      : undefined,
  )
  const [leaving, setLeaving] = useState(false)
  const [finishing, setFinishing] = useState(Boolean(code && state && !error))
  const navigate = useNavigate()
  const nextStep = useNextStep()
  const joinCall = useJoinCall()
  const finished = useRef(false)

  useEffect(() => {
    if (!code || !state || error || finished.current) return
    // Once, even if React runs the effect twice: a code works only once.
    finished.current = true
    void (async () => {
      const result = await joinCall(() => finishBankConnection({ data: { code, state } }))
      if (!result.ok) {
        setFinishing(false)
        setMessage(result.message)
        await navigate({ to: '/join/connect-akahu', search: {}, replace: true })
        return
      }
      await nextStep('/join/bank-account-connected', { replace: true })
    })()
  }, [code, state, error, navigate, joinCall, nextStep])

  async function connect() {
    if (leaving) return
    setLeaving(true)
    setMessage(undefined)
    const result = await joinCall(() => fetchBankAuthUrl())
    if (!result.ok) {
      setLeaving(false)
      setMessage(result.message)
      return
    }
    window.location.assign(result.data.url)
  }

  if (finishing) {
    return (
      <AuthFrame title="Connecting your bank">
        <JoinSteps current="payment" />
        {/* A <div>: the spinner is one, and a <div> inside a <p> is split by the browser (hydration error). */}
        <div role="status" className="flex items-center gap-3 text-slate-700">
          <Spinner aria-hidden="true" />
          Getting your accounts from your bank…
        </div>
      </AuthFrame>
    )
  }

  return (
    <AuthFrame
      title="Connect your bank account"
      description="Payments come straight from your account. No card needed and no extra cost."
    >
      {props.reconnecting ? null : <JoinSteps current="payment" />}
      {message ? (
        <Alert tone="error" className="mb-4">
          {message}
        </Alert>
      ) : props.reconnecting ? (
        <Alert tone="info" className="mb-4">
          Your gym now receives payments into a new bank account. Connect your bank again so your bank lets
          your membership payments go to it.
        </Alert>
      ) : null}
      <ul className="mb-6 flex flex-col gap-3 text-slate-700 text-sm">
        <li className="flex gap-3">
          <Landmark aria-hidden="true" className="size-5 shrink-0 text-accent-700" />
          You’ll sign in at your bank’s own page and choose the account to pay from.
        </li>
        <li className="flex gap-3">
          <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-accent-700" />
          We never see your banking password. You can take the permission back at any time.
        </li>
      </ul>
      <Button size="lg" fullWidth isPending={leaving} onPress={connect}>
        {message ? 'Try again' : 'Connect my bank'}
      </Button>
      {props.cards ? (
        <p className="mt-4 text-center text-sm">
          <Link to="/join/card-details" className={linkStyles()}>
            Pay by card instead
          </Link>
        </p>
      ) : null}
    </AuthFrame>
  )
}

import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { Spinner } from '~/components/ui/spinner'
import { AuthFrame } from '~/features/auth/auth-frame'
import { orConnectionLost } from '~/features/join/connection-lost'
import { finishLinkBankConnection } from './pay.functions'
import { payTokenKey } from './pay-page'

/**
 * The bank's consent page sends a member who started from a payment link here (issue 16): the code is
 * exchanged and the shared accounts saved for the link's member, then the pay page opens again with the
 * new account chosen. The link's token waited in this tab's session storage while they were at the bank.
 */
export function PayBankReturnPage(props: {
  back: { code?: string | undefined; state?: string | undefined; error?: string | undefined }
}) {
  const { code, state, error } = props.back
  const navigate = useNavigate()
  const [message, setMessage] = useState<string>()
  const done = useRef(false)

  useEffect(() => {
    if (done.current) return
    // Once, even if React runs the effect twice: a code works only once.
    done.current = true
    const token = window.sessionStorage.getItem(payTokenKey)
    if (!token) {
      setMessage('Open the payment link from your e-mail again to carry on: this tab no longer has it.')
      return
    }
    void (async () => {
      if (error || !code || !state) {
        await navigate({ to: '/join/pay', search: { token, bank: 'cancelled' }, replace: true })
        return
      }
      const result = await orConnectionLost(() =>
        finishLinkBankConnection({ data: { token, back: { code, state } } }),
      )
      if (!result.ok) {
        setMessage(result.message)
        return
      }
      window.sessionStorage.removeItem(payTokenKey)
      await navigate({ to: '/join/pay', search: { token, bank: 'connected' }, replace: true })
    })()
  }, [code, state, error, navigate])

  return (
    <AuthFrame title="Connecting your bank">
      {message ? (
        <p className="text-slate-700">{message}</p>
      ) : (
        <div role="status" className="flex items-center gap-3 text-slate-700">
          <Spinner aria-hidden="true" />
          Getting your accounts from your bank…
        </div>
      )}
    </AuthFrame>
  )
}

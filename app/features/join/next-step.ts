import { useNavigate, useRouter } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import type { SessionUser } from '~/contracts/auth'
import type { PaymentType } from '~/contracts/join-payment'
import { useSessionStore } from '~/features/auth/session'
import { useJoinCall } from './connection-lost'
import { switchPaymentType } from './payment.functions'

type StepAfterChange =
  | '/join/card-connected'
  | '/join/bank-account-connected'
  | '/join/confirm-subscription'
  | '/join/welcome-to-gym'
  | '/join/change-payment-method'
  | '/join/account/payment-methods'

/**
 * On to the next step after one that changed the member (a method saved or chosen, a membership made):
 * the session and the steps' reads kept by the router (a step seen before, a link's preload) are
 * forgotten first, so the header, the guards and the next step's loader all see the change.
 */
export function useNextStep() {
  const navigate = useNavigate()
  const router = useRouter()
  const sessionStore = useSessionStore()
  return useCallback(
    async (to: StepAfterChange, options: { replace?: boolean } = {}) => {
      sessionStore.reset()
      router.clearCache()
      await navigate({ to, replace: options.replace })
    },
    [navigate, router, sessionStore],
  )
}

/**
 * "Pay with this one", then confirm: makes the method the default unless it is already (`POST
 * /api/me/payment-types/{id}/switch`), saying in words why not when that fails. `pending` is the method
 * being switched to.
 */
export function usePayWith(user: Pick<SessionUser, 'offering'>) {
  const [pending, setPending] = useState<number>()
  const [message, setMessage] = useState<string>()
  const joinCall = useJoinCall()
  const nextStep = useNextStep()
  const navigate = useNavigate()

  async function payWith(method: PaymentType) {
    if (pending !== undefined) return
    setPending(method.id)
    setMessage(undefined)
    // A member who has joined sees what the change means and agrees first (issue 25).
    if (user.offering !== null) {
      await navigate(
        method.is_default
          ? { to: '/join/account/payment-methods' }
          : { to: '/join/change-payment-method', search: { method: method.id } },
      )
      return
    }
    if (!method.is_default) {
      const result = await joinCall(() => switchPaymentType({ data: { id: method.id } }))
      if (!result.ok) {
        setPending(undefined)
        setMessage(result.message)
        return
      }
    }
    await nextStep('/join/confirm-subscription')
  }

  return { pending, message, payWith }
}

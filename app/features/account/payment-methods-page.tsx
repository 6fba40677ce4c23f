import { Link as RouterLink, useRouter } from '@tanstack/react-router'
import { Building2, CreditCard } from 'lucide-react'
import { useState } from 'react'
import { Alert } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button, buttonStyles } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import type { SessionUser } from '~/contracts/auth'
import type { PaymentType } from '~/contracts/join-payment'
import { useJoinCall } from '~/features/join/connection-lost'
import { removePaymentType } from '~/features/join/payment.functions'
import { describePaymentType } from '~/features/join/payment-words'
import { ReconnectBankNotice } from '~/features/join/reconnect-bank-notice'
import { AccountSection } from './account-frame'

/**
 * `/account/payment-methods` (issue 28): the member's saved cards and bank accounts, the one their
 * payments come from marked. Another becomes it through the change step (what it means, then agree:
 * the waiting retry moves with it); one that isn't it can be removed; a new one is added through the
 * join flow's own steps, which come back here.
 */
export function PaymentMethodsPage(props: { user: SessionUser; methods: PaymentType[] }) {
  const [notice, setNotice] = useState<string>()
  return (
    <AccountSection
      title="Payment methods"
      description="Your payments come from the one marked. Add another, switch to it, or remove one you don’t use."
    >
      {props.user.reauthenticate_akahu ? <ReconnectBankNotice /> : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {props.methods.length === 0 ? (
        <Card>
          <p className="text-slate-700">You haven’t saved a card or bank account yet.</p>
        </Card>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Saved payment methods">
          {props.methods.map((method) => (
            <li key={method.id}>
              <MethodCard method={method} onRemoved={setNotice} />
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <RouterLink to="/join/card-details" className={buttonStyles({ variant: 'secondary' })}>
          <CreditCard aria-hidden="true" className="size-4" />
          Add a card
        </RouterLink>
        <RouterLink to="/join/connect-akahu" className={buttonStyles({ variant: 'secondary' })}>
          <Building2 aria-hidden="true" className="size-4" />
          Add a bank account
        </RouterLink>
      </div>
    </AccountSection>
  )
}

function MethodCard(props: { method: PaymentType; onRemoved: (words: string) => void }) {
  const { method } = props
  const router = useRouter()
  const joinCall = useJoinCall()
  const [asking, setAsking] = useState(false)
  const [pending, setPending] = useState(false)
  const [message, setMessage] = useState<string>()
  const label = describePaymentType(method)
  const Icon = method.type === 'stripe_card' ? CreditCard : Building2

  async function remove() {
    if (pending) return
    setPending(true)
    setMessage(undefined)
    const result = await joinCall(() => removePaymentType({ data: { id: method.id } }))
    if (!result.ok) {
      setPending(false)
      setMessage(result.message)
      return
    }
    props.onRemoved(`Removed your ${label}. It won’t be charged again; we’ve e-mailed you to confirm.`)
    await router.invalidate()
  }

  return (
    <Card>
      <div className="flex flex-wrap items-center gap-3">
        <Icon aria-hidden="true" className="size-6 shrink-0 text-slate-500" />
        <p className="min-w-0 grow break-words font-medium text-slate-900">{label}</p>
        {method.is_default ? <Badge tone="green">Your payments come from this one</Badge> : null}
      </div>
      {message ? (
        <Alert tone="error" className="mt-3">
          {message}
        </Alert>
      ) : null}
      {method.is_default ? null : asking ? (
        <section className="mt-4 rounded-md bg-slate-50 p-3" aria-label={`Remove your ${label}?`}>
          <p className="text-slate-800">
            Remove your {label}? It won’t be charged again. Your payments keep coming from the one marked.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="destructive" isPending={pending} onPress={remove}>
              Remove it
            </Button>
            <Button variant="secondary" isDisabled={pending} onPress={() => setAsking(false)}>
              Keep it
            </Button>
          </div>
        </section>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <RouterLink
            to="/join/change-payment-method"
            search={{ method: method.id }}
            className={buttonStyles({ variant: 'primary', size: 'sm' })}
          >
            Pay with this one
          </RouterLink>
          <Button variant="quiet" size="sm" onPress={() => setAsking(true)}>
            Remove
          </Button>
        </div>
      )}
    </Card>
  )
}

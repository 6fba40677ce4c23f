import { Link } from '@tanstack/react-router'
import { CircleCheck, Mail } from 'lucide-react'
import { useState } from 'react'
import { Alert } from '~/components/ui/alert'
import { Button, buttonStyles } from '~/components/ui/button'
import { frequencyWords } from '~/contracts/frequency-words'
import type { PaymentMethodChange } from '~/contracts/join-payment'
import { AuthFrame } from '~/features/auth/auth-frame'
import { formatCents } from '~/lib/money'
import { useJoinCall } from './connection-lost'
import { useNextStep } from './next-step'
import { switchPaymentType } from './payment.functions'
import { describePaymentType } from './payment-words'

/**
 * A member who has joined chose another way to pay (issue 25): before anything changes, what it means —
 * the new method, the card surcharge, the next payment now and after the change and each payment from now
 * on — then they agree, or keep
 * paying as they do. Agreeing moves their payments and e-mails them; backing out changes nothing.
 */
export function ChangePaymentMethodPage({ change }: { change: PaymentMethodChange }) {
  const joinCall = useJoinCall()
  const nextStep = useNextStep()
  const [pending, setPending] = useState(false)
  const [message, setMessage] = useState<string>()
  const [done, setDone] = useState(false)
  const newMethod = describePaymentType(change.method)

  async function agree() {
    if (pending) return
    setPending(true)
    setMessage(undefined)
    const result = await joinCall(() => switchPaymentType({ data: { id: change.method.id, agreed: true } }))
    setPending(false)
    if (!result.ok) return setMessage(result.message)
    setDone(true)
  }

  if (change.method.is_default && !done) {
    return (
      <AuthFrame title="Nothing to change">
        <p className="mb-6 text-slate-700">Your payments already come from your {newMethod}.</p>
        <Link
          to="/join/account/payment-methods"
          className={buttonStyles({ size: 'lg', className: 'w-full' })}
        >
          Back to your payment methods
        </Link>
      </AuthFrame>
    )
  }

  if (done) {
    return (
      <AuthFrame title="You’ve changed how you pay">
        <p
          className="mb-4 flex items-start gap-3 rounded-md bg-emerald-50 p-4 text-emerald-900"
          role="status"
        >
          <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-emerald-700" />
          <span>Your payments now come from your {newMethod}.</span>
        </p>
        {change.membership ? (
          <p className="mb-6 flex items-start gap-3 text-slate-700">
            <Mail aria-hidden="true" className="size-5 shrink-0 text-accent-700" />
            We’ve e-mailed you to confirm the change.
          </p>
        ) : null}
        <Button size="lg" fullWidth onPress={() => nextStep('/join/account/payment-methods')}>
          Back to your payment methods
        </Button>
      </AuthFrame>
    )
  }

  return (
    <AuthFrame
      title="Change how you pay?"
      description="Nothing changes until you agree. Check what it means for your payments first."
    >
      {message ? (
        <Alert tone="error" className="mb-4">
          {message}
        </Alert>
      ) : null}
      <dl className="mb-6 flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <Row label="Pay from now on with">{newMethod}</Row>
        {change.current_method ? (
          <Row label="Instead of">{describePaymentType(change.current_method)}</Row>
        ) : null}
        {change.membership ? <Amounts change={change} membership={change.membership} /> : null}
      </dl>
      {change.membership && change.membership.new_surcharge > 0 && change.surcharge_text ? (
        <p className="mb-6 text-slate-600 text-sm">{change.surcharge_text}</p>
      ) : null}
      <div className="flex flex-col gap-3">
        <Button size="lg" fullWidth isPending={pending} onPress={agree}>
          Agree and change
        </Button>
        <Link
          to="/join/account/payment-methods"
          className={buttonStyles({ variant: 'secondary', size: 'lg', className: 'w-full' })}
        >
          Keep paying as I do
        </Link>
      </div>
    </AuthFrame>
  )
}

function Row(props: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-slate-600 text-sm">{props.label}</dt>
      <dd className="font-medium text-slate-900">{props.children}</dd>
    </div>
  )
}

/**
 * The next payment as it stands and as it would be on the new method — both the one next-charge rule
 * the welcome page shows (ADR 031): a booked price change, payments already made ready, pauses and
 * credit included — and each period's amount with the new method's surcharge.
 */
function Amounts(props: {
  change: PaymentMethodChange
  membership: NonNullable<PaymentMethodChange['membership']>
}) {
  const { membership } = props
  const every = frequencyWords[membership.billing_frequency]
  return (
    <>
      <Row label="Membership">
        {membership.offering_name} at {membership.gym_name}
      </Row>
      <Row label="Your next payment now">{membership.next_payment_now}</Row>
      <Row label="Your next payment if you change">
        <span className="text-lg">{membership.next_payment_after}</span>
      </Row>
      <Row label="Each payment at your current price">
        {formatCents(membership.amount + membership.new_surcharge)} {every}
        <span className="block font-normal text-slate-600 text-sm">
          {membership.new_surcharge > 0
            ? `${formatCents(membership.amount)} + ${formatCents(membership.new_surcharge)} card surcharge`
            : 'No surcharge'}
        </span>
      </Row>
    </>
  )
}

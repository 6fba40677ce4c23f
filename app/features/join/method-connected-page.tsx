import { Link } from '@tanstack/react-router'
import { CircleCheck } from 'lucide-react'
import { useState } from 'react'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { linkStyles } from '~/components/ui/link'
import { Radio, RadioGroup } from '~/components/ui/radio-group'
import type { SessionUser } from '~/contracts/auth'
import type { PaymentType } from '~/contracts/join-payment'
import { AuthFrame } from '~/features/auth/auth-frame'
import { JoinSteps } from './join-steps'
import { usePayWith } from './next-step'
import { describePaymentType } from './payment-words'

/**
 * register.bank-account-connected and register.card-connected (SPEC §2.1): the method just added,
 * and — when the bank shared several accounts — the one to pay from. Continue goes to confirm.
 */
export function MethodConnectedPage(props: {
  type: 'bank_account' | 'stripe_card'
  user: SessionUser
  methods: PaymentType[]
}) {
  const methods = props.methods.filter((method) => method.type === props.type)
  const current = methods.find((method) => method.is_default) ?? methods.at(-1)
  // The member's pick, else the method their payments use now.
  const [picked, setChosen] = useState<string>()
  const chosen = picked ?? (current ? String(current.id) : '')
  const { pending, message, payWith } = usePayWith(props.user)
  const bank = props.type === 'bank_account'
  const next = () => {
    const method = methods.find((candidate) => String(candidate.id) === chosen)
    if (method) void payWith(method)
  }

  if (!current) {
    return (
      <AuthFrame title={bank ? 'No bank account yet' : 'No card yet'}>
        <JoinSteps current="payment" />
        <Alert tone="info">
          {bank ? 'Your bank hasn’t shared an account with us yet.' : 'You haven’t saved a card yet.'}{' '}
          <Link to={bank ? '/join/connect-akahu' : '/join/card-details'} className={linkStyles()}>
            {bank ? 'Connect your bank' : 'Add a card'}
          </Link>
        </Alert>
      </AuthFrame>
    )
  }

  return (
    <AuthFrame
      title={bank ? 'Bank account connected' : 'Card saved'}
      description={
        bank
          ? 'Payments come straight from your account on each payment date. No extra cost.'
          : 'Your card is charged on each payment date.'
      }
    >
      <JoinSteps current="payment" />
      {message ? (
        <Alert tone="error" className="mb-4">
          {message}
        </Alert>
      ) : null}
      {methods.length > 1 ? (
        <RadioGroup
          label={bank ? 'Which account should we take payments from?' : 'Which card should we charge?'}
          value={chosen}
          onChange={setChosen}
          className="mb-6"
        >
          <div className="flex w-full flex-col gap-3">
            {methods.map((method) => (
              <Radio key={method.id} value={String(method.id)}>
                {describePaymentType(method)}
              </Radio>
            ))}
          </div>
        </RadioGroup>
      ) : (
        <p className="mb-6 flex items-center gap-3 rounded-md bg-emerald-50 p-4 text-emerald-900">
          <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-emerald-700" />
          {describePaymentType(current)}
        </p>
      )}
      <Button size="lg" fullWidth isPending={pending !== undefined} onPress={next}>
        Continue
      </Button>
      <p className="mt-4 text-center text-sm">
        <Link to="/join/choose-payment-method" className={linkStyles()}>
          Pay another way
        </Link>
      </p>
    </AuthFrame>
  )
}

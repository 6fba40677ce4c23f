import { Link } from '@tanstack/react-router'
import { CalendarClock, CircleCheck, DoorOpen, Hourglass, Mail } from 'lucide-react'
import { useEffect } from 'react'
import { Alert } from '~/components/ui/alert'
import { buttonStyles } from '~/components/ui/button-styles'
import { linkStyles } from '~/components/ui/link'
import type { SessionUser } from '~/contracts/auth'
import type { ActiveSubscription } from '~/contracts/join-payment'
import { nextChargeAmountWords } from '~/contracts/next-charge-words'
import { AuthFrame } from '~/features/auth/auth-frame'
import { formatLongDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { celebrate } from './celebrate'
import { ReconnectBankNotice } from './reconnect-bank-notice'

/**
 * register.welcome-to-gym (SPEC §2.1, §9): the celebration, then what happens next — the first
 * payment's result, the next charge, and how to get in the door.
 */
export function WelcomeToGymPage(props: { user: SessionUser; membership: ActiveSubscription | null }) {
  const { membership } = props
  useEffect(() => {
    if (membership) void celebrate()
  }, [membership])

  if (!membership) {
    return (
      <AuthFrame title="Almost there">
        <Alert tone="info">
          Your membership isn’t confirmed yet.{' '}
          <Link to="/join/confirm-subscription" className={linkStyles()}>
            Confirm it now
          </Link>
        </Alert>
      </AuthFrame>
    )
  }
  const firstName = props.user.name.split(' ')[0] ?? props.user.name
  return (
    <AuthFrame
      title={`Welcome to ${membership.gym_name}, ${firstName}!`}
      description={`You’re a member: ${membership.offering_name} from ${formatLongDate(membership.start_date)}.`}
    >
      {props.user.reauthenticate_akahu ? <ReconnectBankNotice /> : null}
      <ul className="flex flex-col gap-4">
        {membership.first_payment ? <FirstPayment payment={membership.first_payment} /> : null}
        {membership.next_charge ? (
          <Fact icon={<CalendarClock aria-hidden="true" className="size-6 shrink-0 text-accent-700" />}>
            Next payment: <strong>{nextChargeAmountWords(membership.next_charge)}</strong> on{' '}
            {formatLongDate(membership.next_charge.on)}.
          </Fact>
        ) : null}
        <Fact icon={<DoorOpen aria-hidden="true" className="size-6 shrink-0 text-accent-700" />}>
          {membership.door_access}
        </Fact>
        <Fact icon={<Mail aria-hidden="true" className="size-6 shrink-0 text-accent-700" />}>
          We’ve e-mailed you these details, your membership agreement and a receipt.
        </Fact>
      </ul>
      <Link to="/join/account" className={buttonStyles({ className: 'mt-6 w-full' })}>
        Go to your account
      </Link>
    </AuthFrame>
  )
}

function FirstPayment(props: { payment: NonNullable<ActiveSubscription['first_payment']> }) {
  const { payment } = props
  const amount = formatCents(payment.amount)
  const from = payment.method_label ? ` from your ${payment.method_label}` : ''
  if (payment.status === 'paid') {
    return (
      <Fact icon={<CircleCheck aria-hidden="true" className="size-6 shrink-0 text-emerald-700" />}>
        Paid: <strong>{amount}</strong>
        {from}.
      </Fact>
    )
  }
  if (payment.status === 'pending') {
    return (
      <Fact icon={<Hourglass aria-hidden="true" className="size-6 shrink-0 text-amber-700" />}>
        Your first payment of <strong>{amount}</strong> is on its way{from}. Bank payments usually clear
        within a day; we’ll e-mail you if it doesn’t go through.
      </Fact>
    )
  }
  return (
    <Fact icon={<CalendarClock aria-hidden="true" className="size-6 shrink-0 text-accent-700" />}>
      Your first payment of <strong>{amount}</strong> will be taken on {formatLongDate(payment.due_on)}
      {from}.
    </Fact>
  )
}

function Fact(props: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <li className="flex items-start gap-3 text-slate-800">
      {props.icon}
      <p>{props.children}</p>
    </li>
  )
}

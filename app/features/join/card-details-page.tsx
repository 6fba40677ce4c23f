import { Link, useNavigate } from '@tanstack/react-router'
import { useRef } from 'react'
import { linkStyles } from '~/components/ui/link'
import type { SessionUser } from '~/contracts/auth'
import { AuthFrame } from '~/features/auth/auth-frame'
import { CardForm } from './card-form'
import { useJoinCall } from './connection-lost'
import { JoinSteps } from './join-steps'
import { useNextStep } from './next-step'
import { saveCard, startCardSetup } from './payment.functions'

/** register.card-details (SPEC §2.1): the card form (`CardForm`), kept as the member's default. */
export function CardDetailsPage(props: { user: SessionUser }) {
  const nextStep = useNextStep()
  const joinCall = useJoinCall()
  const navigate = useNavigate()
  const savedCard = useRef<number>(undefined)
  const joined = props.user.offering !== null

  return (
    <AuthFrame
      title="Your card"
      description={
        props.user.general_card_surcharge_text?.trim() || 'Your card is charged on each payment date.'
      }
    >
      <JoinSteps current="payment" />
      <CardForm
        label="Card details"
        submitLabel="Save card"
        call={joinCall}
        startSetup={() => startCardSetup()}
        save={async (setupId) => {
          const saved = await saveCard({ data: { setup_id: setupId } })
          if (saved.ok) savedCard.current = saved.data.id
          return saved
        }}
        onSaved={() =>
          // A member who has joined sees what paying by this card means, and agrees, before it is used.
          joined && savedCard.current !== undefined
            ? navigate({ to: '/join/change-payment-method', search: { method: savedCard.current } })
            : nextStep('/join/card-connected')
        }
      >
        <p className="text-center text-sm">
          <Link to="/join/choose-payment-method" className={linkStyles()}>
            Pay another way
          </Link>
        </p>
      </CardForm>
    </AuthFrame>
  )
}

import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { linkStyles } from '~/components/ui/link'
import { AuthFrame } from '~/features/auth/auth-frame'
import type { SessionUser } from '~/features/auth/contract'
import { CardForm } from './card-form'
import { useJoinCall } from './connection-lost'
import { JoinSteps } from './join-steps'
import { useNextStep } from './next-step'
import { saveCard, startCardSetup } from './payment.functions'

/** register.card-details (SPEC §2.1): the card form (`CardForm`), kept as the member's default. */
export function CardDetailsPage(props: { user: SessionUser }) {
  const nextStep = useNextStep()
  const joinCall = useJoinCall()
  const createSetup = useServerFn(startCardSetup)
  const keep = useServerFn(saveCard)

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
        startSetup={() => createSetup()}
        save={(setupId) => keep({ data: { setup_id: setupId } })}
        onSaved={() => nextStep('/join/card-connected')}
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

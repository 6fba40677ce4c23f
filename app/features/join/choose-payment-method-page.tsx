import { ChevronRight, CreditCard, Landmark } from 'lucide-react'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { RouterLink } from '~/components/ui/router-link'
import type { SessionUser } from '~/contracts/auth'
import type { PaymentType } from '~/contracts/join-payment'
import { AuthFrame } from '~/features/auth/auth-frame'
import { JoinSteps } from './join-steps'
import { usePayWith } from './next-step'
import { describePaymentType } from './payment-words'

const optionClasses =
  'flex min-h-16 items-center gap-4 rounded-lg border border-slate-300 bg-white p-4 text-left no-underline shadow-xs outline-accent-600 transition-colors hover:border-accent-600 hover:bg-accent-50 focus-visible:outline-2 focus-visible:outline-offset-2 [-webkit-tap-highlight-color:transparent]'

/**
 * register.choose-payment-method (SPEC §2.1): bank account or card, each with what it costs. A member
 * who already saved one (back here after a declined card, say) can pick it again.
 */
export function ChoosePaymentMethodPage(props: { user: SessionUser; methods: PaymentType[] }) {
  // A gym without its own card account takes bank payments only (issue 25).
  const cards = props.user.gym_takes_cards
  const saved = props.methods.filter((method) => cards || method.type !== 'stripe_card')
  const surcharge = props.user.general_card_surcharge_text?.trim()
  const { pending, message, payWith } = usePayWith(props.user)

  return (
    <AuthFrame title="How would you like to pay?" description="You can change this later.">
      <JoinSteps current="payment" />
      {message ? (
        <Alert tone="error" className="mb-4">
          {message}
        </Alert>
      ) : null}
      <ul className="flex flex-col gap-3">
        <li>
          <RouterLink to="/join/connect-akahu" className={optionClasses}>
            <Landmark aria-hidden="true" className="size-6 shrink-0 text-accent-700" />
            <span className="flex grow flex-col">
              <span className="font-semibold text-slate-900">Bank account</span>
              <span className="text-slate-600 text-sm">
                No extra cost. Connect securely through your bank.
              </span>
            </span>
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
          </RouterLink>
        </li>
        {cards ? (
          <li>
            <RouterLink to="/join/card-details" className={optionClasses}>
              <CreditCard aria-hidden="true" className="size-6 shrink-0 text-accent-700" />
              <span className="flex grow flex-col">
                <span className="font-semibold text-slate-900">Card</span>
                <span className="text-slate-600 text-sm">{surcharge || 'No extra cost.'}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
            </RouterLink>
          </li>
        ) : null}
      </ul>
      {cards ? null : (
        <p className="mt-3 text-slate-600 text-sm">
          Your gym takes membership payments by bank account only.
        </p>
      )}
      {saved.length > 0 ? (
        <section aria-labelledby="saved-methods" className="mt-8">
          <h2 id="saved-methods" className="font-semibold text-slate-900">
            Or use one you’ve added
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            {saved.map((method) => (
              <li
                key={method.id}
                className="flex items-center justify-between gap-3 rounded-md bg-slate-50 p-3"
              >
                <span className="text-slate-800 text-sm">{describePaymentType(method)}</span>
                <Button
                  variant="secondary"
                  size="md"
                  isPending={pending === method.id}
                  onPress={() => payWith(method)}
                  aria-label={`Pay with ${describePaymentType(method)}`}
                >
                  Use this
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </AuthFrame>
  )
}

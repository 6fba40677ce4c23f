import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { Lock } from 'lucide-react'
import { useRef } from 'react'
import { useAppForm } from '~/components/form/form-hook'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { Alert } from '~/components/ui/alert'
import { linkStyles } from '~/components/ui/link'
import { AuthFrame } from '~/features/auth/auth-frame'
import type { SessionUser } from '~/features/auth/contract'
import type { ActionResult } from '~/lib/action-result'
import { cardBrand, cardDigits, cardNumberProblem, cvcProblem, parseCardExpiry } from '~/lib/card-number'
import { todayInAuckland } from '~/lib/today'
import { z } from '~/lib/validation'
import { useJoinCall } from './connection-lost'
import { JoinSteps } from './join-steps'
import { useNextStep } from './next-step'
import { confirmSandboxCard, saveCard, startCardSetup } from './payment.functions'
import type { CardSetupAnswer } from './payment-contract'

const today = () => {
  const [year = 0, month = 0] = todayInAuckland().split('-').map(Number)
  return { year, month }
}

/** The card form's own checks, as Stripe's Payment Element makes them before anything is sent. */
const cardFormSchema = z
  .object({ number: z.string(), expiry: z.string(), cvc: z.string() })
  .superRefine((value, context) => {
    const number = cardNumberProblem(value.number)
    if (number) context.addIssue({ code: 'custom', path: ['number'], message: number })
    const expiry = parseCardExpiry(value.expiry, today())
    if ('problem' in expiry) context.addIssue({ code: 'custom', path: ['expiry'], message: expiry.problem })
    const cvc = cvcProblem(value.cvc, cardBrand(cardDigits(value.number)))
    if (cvc) context.addIssue({ code: 'custom', path: ['cvc'], message: cvc })
  })

const failed = (message: string, errors: Record<string, string[]> = {}) =>
  ({ ok: false, status: 422, message, errors, error: undefined }) satisfies ActionResult<never>

/**
 * register.card-details (SPEC §2.1): the card form. Its flow is Stripe's Payment Element: a setup
 * (client secret) from our API, the card confirmed with the provider, then our API keeps what the
 * provider reports. Without Stripe keys the provider is the card sandbox (docs/sandbox-payments.md);
 * the card number goes to it and nowhere else.
 */
export function CardDetailsPage(props: { user: SessionUser }) {
  const nextStep = useNextStep()
  const joinCall = useJoinCall()
  const serverError = useActionFormError()
  const createSetup = useServerFn(startCardSetup)
  const confirm = useServerFn(confirmSandboxCard)
  const keep = useServerFn(saveCard)
  // One setup per visit: a second try after a mistake confirms the same one, as Stripe's would.
  const setup = useRef<CardSetupAnswer>(undefined)

  const form = useAppForm({
    defaultValues: { number: '', expiry: '', cvc: '' },
    validators: { onSubmit: cardFormSchema },
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      if (!setup.current) {
        const created = await joinCall(() => createSetup())
        if (!created.ok) return serverError.show(formApi, created)
        setup.current = created.data
      }
      const secret = setup.current.client_secret
      const confirmed = await joinCall(() => confirm({ data: { client_secret: secret, ...value } }))
      if (!confirmed.ok) {
        // The setup has gone (an old tab): start again with a new one next time.
        setup.current = undefined
        return serverError.show(formApi, confirmed)
      }
      const error = confirmed.data.error
      if (error) {
        return serverError.show(
          formApi,
          failed(error.message, error.field ? { [error.field]: [error.message] } : {}),
        )
      }
      const setupId = setup.current.id
      const saved = await joinCall(() => keep({ data: { setup_id: setupId } }))
      if (!saved.ok) return serverError.show(formApi, saved)
      await nextStep('/join/card-connected')
    },
  })

  return (
    <AuthFrame
      title="Your card"
      description={
        props.user.general_card_surcharge_text?.trim() || 'Your card is charged on each payment date.'
      }
    >
      <JoinSteps current="payment" />
      <form.AppForm>
        <form.Form aria-label="Card details" className="flex flex-col gap-4">
          {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
          <form.AppField name="number">
            {(field) => (
              <field.TextField
                label="Card number"
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                maxLength={23}
                isRequired
              />
            )}
          </form.AppField>
          <div className="grid grid-cols-2 gap-3">
            <form.AppField name="expiry">
              {(field) => (
                <field.TextField
                  label="Expiry"
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="MM / YY"
                  maxLength={7}
                  isRequired
                />
              )}
            </form.AppField>
            <form.AppField name="cvc">
              {(field) => (
                <field.TextField
                  label="Security code"
                  description="3 digits on the back"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  placeholder="CVC"
                  maxLength={4}
                  isRequired
                />
              )}
            </form.AppField>
          </div>
          <p className="flex items-start gap-2 text-slate-600 text-sm">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Your card number goes to our card provider and is never stored by the gym. We keep only the brand,
            the last four digits and the expiry date.
          </p>
          <form.SubmitButton size="lg" fullWidth>
            Save card
          </form.SubmitButton>
          <p className="text-center text-sm">
            <Link to="/join/choose-payment-method" className={linkStyles()}>
              Pay another way
            </Link>
          </p>
        </form.Form>
      </form.AppForm>
    </AuthFrame>
  )
}

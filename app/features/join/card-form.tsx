import { Lock } from 'lucide-react'
import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react'
import {
  LightField,
  LightForm,
  LightSubmitButton,
  LightTextField,
  useFieldBinding,
  useLightForm,
} from '~/components/form/light-form'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { Alert } from '~/components/ui/alert'
import { TextField } from '~/components/ui/text-field'
import type { CardSetupAnswer } from '~/contracts/join-payment'
import type { ActionResult } from '~/lib/action-result'
import {
  cardBrand,
  cardDigits,
  cardNumberProblem,
  cvcProblem,
  groupCardNumberInput,
  parseCardExpiry,
} from '~/lib/card-number'
import { problemsOf } from '~/lib/form-rules'
import { getSiteConfig } from '~/lib/site-config'
import { todayInAuckland } from '~/lib/today'
import { orConnectionLost } from './connection-lost'
import { confirmSandboxCard } from './payment.functions'

const today = () => {
  const [year = 0, month = 0] = todayInAuckland().split('-').map(Number)
  return { year, month }
}

/** The card form's own checks, as Stripe's Payment Element makes them before anything is sent. */
const cardFormProblems = (values: { number: string; expiry: string; cvc: string }) =>
  problemsOf(values, {
    number: cardNumberProblem,
    expiry: (value) => {
      const expiry = parseCardExpiry(value, today())
      return 'problem' in expiry ? expiry.problem : undefined
    },
    cvc: (value, all) => cvcProblem(value, cardBrand(cardDigits(all.number))),
  })

// Stripe.js and its React bindings load only for a Stripe setup, never with the join pages (ADR 041).
const stripeForm = () => import('./stripe-card-form')
const StripeCardForm = lazy(stripeForm)

type StripeCardSetup = Extract<CardSetupAnswer, { provider: 'stripe' }>

const failed = (message: string, errors: Record<string, string[]> = {}) =>
  ({ ok: false, status: 422, message, errors, error: undefined }) satisfies ActionResult<never>

type Refusal = Extract<ActionResult<never>, { ok: false }>

/** The setup asked for as it is, where a refusal is said later (at Save). */
const noCall = <T,>(call: () => Promise<T>) => call()

/**
 * The card step (SPEC §2.1), shared by the join flow and the payment link's page: Stripe's Payment
 * Element flow — a setup (client secret) from our API, the card confirmed with the provider, then our
 * API keeps what the provider reports. The setup is asked for as the form opens and its answer names the
 * provider: with Stripe, Stripe's Payment Element replaces this form (`stripe-card-form.tsx`, loaded only
 * then); without Stripe keys the provider is the card sandbox (docs/sandbox-payments.md) and this form
 * stays, the card number going to the sandbox and nowhere else. Where the setup comes from
 * and where the card is kept are the caller's: the member's own session, or a payment link's token.
 */
export function CardForm(props: {
  label: string
  submitLabel: string
  startSetup: () => Promise<ActionResult<CardSetupAnswer>>
  save: (setupId: string) => Promise<ActionResult<unknown>>
  onSaved: () => Promise<void> | void
  /** Runs each call (the join flow's forgets an ended session); by default, words for a lost connection. */
  call?: <T extends { ok: true } | Refusal>(call: () => Promise<T>) => Promise<T | Refusal>
  children?: ReactNode
}) {
  const call = props.call ?? orConnectionLost
  const serverError = useActionFormError()
  // One setup per visit: a second try after a mistake confirms the same one, as Stripe's would.
  const setup = useRef<CardSetupAnswer>(undefined)
  // The setup asked for as the page opens: its answer says which provider's form to show.
  const early = useRef<Promise<CardSetupAnswer | undefined>>(undefined)
  const [stripeSetup, setStripeSetup] = useState<StripeCardSetup>()
  const [notice, setNotice] = useState<string>()
  // With Stripe, why its form cannot be shown (the setup refused): said in place of the form.
  const [setupRefusal, setSetupRefusal] = useState<string>()
  const first = useRef(props)

  useEffect(() => {
    const { startSetup } = first.current
    const stripeSite = getSiteConfig().cardProvider === 'stripe'
    // With the sandbox, failures here are said when Save is pressed, through the same call as before (an
    // ended session included), so an early miss changes nothing the member sees. With Stripe there is no
    // Save until Stripe's form is here, so a refusal is said at once, in the same words.
    const askEarly = () => {
      early.current = (stripeSite ? (first.current.call ?? orConnectionLost) : noCall)(startSetup).then(
        (created) => {
          if (!created.ok && stripeSite) setSetupRefusal(created.message)
          return created.ok ? created.data : undefined
        },
        () => undefined,
      )
      void early.current.then((created) => {
        if (created?.provider === 'stripe') setStripeSetup(created)
      })
    }
    // Back from a bank's page that Stripe sent the member to (its `setup_intent` on the address).
    if (!window.location.search.includes('setup_intent=')) return askEarly()
    void stripeForm().then((module) =>
      module.finishReturn(
        { ...first.current, call: first.current.call ?? orConnectionLost },
        setNotice,
        askEarly,
      ),
    )
  }, [])

  const form = useLightForm({
    defaultValues: { number: '', expiry: '', cvc: '' },
    problems: cardFormProblems,
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      setup.current ??= await early.current
      early.current = undefined
      if (!setup.current) {
        const created = await call(() => props.startSetup())
        if (!created.ok) return serverError.show(formApi, created)
        setup.current = created.data
      }
      if (setup.current.provider === 'stripe') {
        // Stripe's setup is confirmed in Stripe's own form: what was typed here is never sent anywhere.
        setStripeSetup(setup.current)
        return
      }
      const secret = setup.current.client_secret
      const confirmed = await call(() => confirmSandboxCard({ data: { client_secret: secret, ...value } }))
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
      const saved = await call(() => props.save(setupId))
      if (!saved.ok) return serverError.show(formApi, saved)
      setup.current = undefined
      formApi.reset()
      await props.onSaved()
    },
  })

  if (stripeSetup) {
    return (
      // The Stripe form says it is loading itself, once its code has arrived (a moment after the answer).
      <Suspense fallback={null}>
        <StripeCardForm {...props} setup={stripeSetup} call={call} notice={notice} />
      </Suspense>
    )
  }
  // With Stripe, nothing to type into until Stripe's own form is here: never the sandbox's fields first.
  if (getSiteConfig().cardProvider === 'stripe') {
    return setupRefusal ? (
      <Alert tone="error">{setupRefusal} Reload the page to try again.</Alert>
    ) : (
      <p className="text-slate-600 text-sm" role="status">
        Loading the card form…
      </p>
    )
  }

  return (
    <LightForm form={form} aria-label={props.label} className="flex flex-col gap-4">
      {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
      <LightField form={form} name="number">
        <CardNumberField />
      </LightField>
      <div className="grid grid-cols-2 gap-3">
        <LightField form={form} name="expiry">
          <LightTextField
            label="Expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            maxLength={7}
            isRequired
          />
        </LightField>
        <LightField form={form} name="cvc">
          <LightTextField
            label="Security code"
            description="3 digits on the back"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            maxLength={4}
            isRequired
          />
        </LightField>
      </div>
      <p className="flex items-start gap-2 text-slate-600 text-sm">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Your card number goes to our card provider and is never stored by the gym. We keep only the brand, the
        last four digits and the expiry date.
      </p>
      <LightSubmitButton size="lg" fullWidth>
        {props.submitLabel}
      </LightSubmitButton>
      {props.children}
    </LightForm>
  )
}

/**
 * The card number, grouped as it is typed or pasted (4242 4242 4242 4242; American Express 4-6-5), as
 * Stripe's field does. The caret stays after the digit it followed, so an edit in the middle keeps its
 * place; anything but digits is dropped.
 */
function CardNumberField() {
  const { onChange, ...bound } = useFieldBinding<string>()
  const inputRef = useRef<HTMLInputElement>(null)
  const caret = useRef<number | null>(null)
  useLayoutEffect(() => {
    const input = inputRef.current
    if (caret.current === null || !input || document.activeElement !== input) return
    input.setSelectionRange(caret.current, caret.current)
    caret.current = null
  })
  return (
    <TextField
      {...bound}
      ref={inputRef}
      onChange={(typed) => {
        const input = inputRef.current
        const grouped = groupCardNumberInput(typed, input?.selectionStart ?? typed.length, bound.value)
        caret.current = grouped.caret
        onChange(grouped.value)
      }}
      label="Card number"
      inputMode="numeric"
      autoComplete="cc-number"
      placeholder="1234 1234 1234 1234"
      maxLength={23}
      isRequired
    />
  )
}

import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe, StripeError } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { Lock } from 'lucide-react'
import { type FormEvent, type ReactNode, useRef, useState } from 'react'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import type { CardSetupAnswer } from '~/contracts/join-payment'
import type { ActionResult } from '~/lib/action-result'

type StripeCardSetup = Extract<CardSetupAnswer, { provider: 'stripe' }>
type Refusal = Extract<ActionResult<never>, { ok: false }>

/** Shown when Stripe.js could not be fetched (offline, or blocked by an extension). */
export const stripeDidNotLoadMessage = 'The card form didn’t load. Check you’re online, then reload the page.'

/** Stripe's own additions to the return address after a redirect-based step. */
const returnParams = ['setup_intent', 'setup_intent_client_secret', 'redirect_status']

/** This page's address without Stripe's return parameters: where Stripe brings the member back. */
function returnUrl(): string {
  const url = new URL(window.location.href)
  for (const name of returnParams) url.searchParams.delete(name)
  return url.href
}

/**
 * Back from a redirect-based step (a bank's page): Stripe's setup id and how it went are read once and
 * taken off the address (the client secret is not left in the history), the setup is saved as after Save,
 * and the card step carries on; otherwise the member is told and the form is shown again.
 */
export async function finishReturn(
  card: {
    save: (setupId: string) => Promise<ActionResult<unknown>>
    onSaved: () => Promise<void> | void
    call: StripeCardFormProps['call']
  },
  tell: (message: string) => void,
  showForm: () => void,
) {
  const url = new URL(window.location.href)
  const id = url.searchParams.get('setup_intent')
  const succeeded = url.searchParams.get('redirect_status') === 'succeeded'
  for (const name of returnParams) url.searchParams.delete(name)
  window.history.replaceState(window.history.state, '', url.href)
  const kept = id && succeeded && /^seti_\w{1,200}$/.test(id) ? await card.call(() => card.save(id)) : null
  if (kept?.ok) return card.onSaved()
  tell(kept?.message ?? 'Your card wasn’t confirmed. Try again, or use another card.')
  showForm()
}

/**
 * One Stripe.js per publishable key and account, kept for the page's life: Elements must be given the
 * same promise on every render. `pure` loads the script only when asked, not on import.
 */
const loaded = new Map<string, Promise<Stripe | null>>()
function stripeFor(setup: StripeCardSetup, onFail: () => void): Promise<Stripe | null> {
  const key = `${setup.publishable_key}/${setup.account}`
  let stripe = loaded.get(key)
  if (!stripe) {
    stripe = loadStripe(setup.publishable_key, { stripeAccount: setup.account }).catch(() => {
      loaded.delete(key)
      onFail()
      return null
    })
    loaded.set(key, stripe)
  }
  return stripe
}

/**
 * What the member reads when Stripe refuses: its own words for a card or a field (they are written for
 * the person paying, e.g. "Your card was declined."), ours for anything else, which would be our fault.
 * [docs.stripe.com/js/setup_intents/confirm_setup: show `error.message` for card and validation errors]
 */
export function stripeErrorWords(
  error: Pick<StripeError, 'type'> & { message?: string | undefined },
): string {
  if ((error.type === 'card_error' || error.type === 'validation_error') && error.message)
    return error.message
  return 'We couldn’t save your card just now. Try again, or pay another way.'
}

export interface StripeCardFormProps {
  setup: StripeCardSetup
  label: string
  submitLabel: string
  save: (setupId: string) => Promise<ActionResult<unknown>>
  onSaved: () => Promise<void> | void
  call: <T extends { ok: true } | Refusal>(call: () => Promise<T>) => Promise<T | Refusal>
  /** A message from before this form was shown (a failed bank step after a redirect). */
  notice?: string | undefined
  children?: ReactNode
}

/**
 * The card step with Stripe (issue 26): Stripe.js on the gym's connected account and the Payment Element
 * with the setup's client secret. The card's number, expiry and CVC are typed into Stripe's own frame and
 * go straight to Stripe; `confirmSetup` runs any 3-D Secure check in Stripe's modal while the member is
 * here (`redirect: 'if_required'`), and only then is our API told the setup's id to read back. Loaded
 * with a dynamic import by `CardForm`, only when the provider is Stripe (ADR 041). A redirect-based step
 * (a bank's own page) comes back to this same page, whose `CardForm` reads the setup back.
 */
export default function StripeCardForm(props: StripeCardFormProps) {
  const [didNotLoad, setDidNotLoad] = useState(false)
  const [stripe] = useState(() => stripeFor(props.setup, () => setDidNotLoad(true)))
  if (didNotLoad) return <Alert tone="error">{stripeDidNotLoadMessage}</Alert>
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret: props.setup.client_secret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#0f766e', borderRadius: '6px' } },
      }}
    >
      <PaymentForm {...props} />
    </Elements>
  )
}

function PaymentForm(props: StripeCardFormProps) {
  const stripe = useStripe()
  const elements = useElements()
  const [ready, setReady] = useState(false)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | undefined>(props.notice)
  // A second press while the first is running does nothing: one confirmation, one saved card.
  const running = useRef(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!stripe || !elements || running.current) return
    running.current = true
    setBusy(true)
    setMessage(undefined)
    let saved = false
    try {
      const { error, setupIntent } = await stripe.confirmSetup({
        elements,
        confirmParams: { return_url: returnUrl() },
        redirect: 'if_required',
      })
      if (error) return setMessage(stripeErrorWords(error))
      if (setupIntent.status !== 'succeeded') {
        return setMessage(
          setupIntent.status === 'processing'
            ? 'Your card is still being checked. Wait a minute, then reload the page.'
            : 'Your card wasn’t confirmed. Try again, or use another card.',
        )
      }
      const kept = await props.call(() => props.save(props.setup.id))
      if (!kept.ok) return setMessage(kept.message)
      saved = true
      await props.onSaved()
    } catch {
      setMessage('We couldn’t save your card just now. Try again, or pay another way.')
    } finally {
      if (!saved) {
        running.current = false
        setBusy(false)
      }
    }
  }

  return (
    <form aria-label={props.label} className="flex flex-col gap-4" onSubmit={submit} noValidate>
      {message ? <Alert tone="error">{message}</Alert> : null}
      <PaymentElement
        options={{ layout: 'tabs', terms: { card: 'never' } }}
        onReady={() => setReady(true)}
        onLoadError={() => setMessage(stripeDidNotLoadMessage)}
      />
      {ready ? null : <p className="text-slate-600 text-sm">Loading the card form…</p>}
      <p className="flex items-start gap-2 text-slate-600 text-sm">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Your card number goes to our card provider, Stripe, and is never stored by the gym. We keep only the
        brand, the last four digits and the expiry date.
      </p>
      <Button type="submit" size="lg" fullWidth isPending={busy} isDisabled={!ready || !stripe}>
        {props.submitLabel}
      </Button>
      {props.children}
    </form>
  )
}

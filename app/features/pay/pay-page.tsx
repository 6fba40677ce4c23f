import { Link as RouterLink } from '@tanstack/react-router'
import { CircleCheck, Clock } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { Alert } from '~/components/ui/alert'
import { Button, buttonStyles } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/checkbox'
import { Radio, RadioGroup } from '~/components/ui/radio-group'
import type { PaymentType } from '~/contracts/join-payment'
import type { PayByLinkAnswer, PaymentLinkDetail } from '~/contracts/pay'
import { AuthFrame } from '~/features/auth/auth-frame'
import { CardForm } from '~/features/join/card-form'
import { orConnectionLost } from '~/features/join/connection-lost'
import { describePaymentType } from '~/features/join/payment-words'
import { formatDate, formatLongDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import {
  fetchPaymentLink,
  payWithLink,
  saveLinkCard,
  startLinkBankConnection,
  startLinkCardSetup,
} from './pay.functions'

/**
 * Where the link's token waits (this tab's session storage) while the member is at their bank's consent
 * page, for `/pay-bank` to carry on with. Defined here: a module of its own changed how the join pages'
 * shared code is split and added 1.2 kB to every one of them (so did moving it to the functions' module,
 * or to `/pay-bank`'s page: measured for issue 26).
 */
export const payTokenKey = 'gymbase.pay-token'

const newCard = 'new-card'
const newBank = 'new-bank'

/** "Membership 18 Nov 2026 – 25 Nov 2026" for a period, else the day it was due. */
function periodWords(owed: PaymentLinkDetail['owed'][number]): string {
  if (!owed.period_start_at || !owed.period_end_at) return `Due ${formatDate(owed.due_on)}`
  return `Membership ${formatDate(owed.period_start_at)} – ${formatDate(owed.period_end_at)}`
}

/**
 * The payment link's page on the join site (issue 16): what is owed and why, then paying it with a
 * saved method or a new card (the join flow's card step, `CardForm`), optionally kept as the method for
 * later payments. A used, expired or unknown link says so in words.
 */
export function PayPage(props: {
  token: string
  link: PaymentLinkDetail | null
  message: string | null
  /** Back from the bank: the account just connected is chosen, or the cancel is said. */
  bank?: 'connected' | 'cancelled' | undefined
}) {
  const [link, setLink] = useState(props.link)
  const [paid, setPaid] = useState<{ answer: PayByLinkAnswer; method: string | null }>()
  const back = link?.from_account ? <BackToAccount /> : null
  if (paid) {
    return (
      <PaidPage answer={paid.answer} method={paid.method} gymName={link?.gym_name ?? ''}>
        {back}
      </PaidPage>
    )
  }
  if (!link) {
    return (
      <AuthFrame title="This link doesn’t work">
        <p className="text-slate-700">{props.message}</p>
      </AuthFrame>
    )
  }
  if (link.state === 'used') {
    return (
      <AuthFrame title="This link has already been used">
        <p className="text-slate-700">
          Your payment to {link.gym_name} is done. If something doesn’t look right, contact the gym.
        </p>
        {back}
      </AuthFrame>
    )
  }
  if (link.state === 'expired') {
    return (
      <AuthFrame title="This link has expired">
        <p className="text-slate-700">
          {link.from_account
            ? 'Go back to your account to pay what you owe now.'
            : `Payment links work for a week. Ask ${link.gym_name} to send you a new one, or pay at the front desk.`}
        </p>
        {back}
      </AuthFrame>
    )
  }
  if (link.owed.length === 0) {
    return (
      <AuthFrame title="Nothing to pay">
        <p className="text-slate-700">Your membership at {link.gym_name} is up to date. Thank you!</p>
        {back}
      </AuthFrame>
    )
  }
  return <PayForm token={props.token} link={link} bank={props.bank} onChanged={setLink} onPaid={setPaid} />
}

function PayForm(props: {
  token: string
  bank?: 'connected' | 'cancelled' | undefined
  link: PaymentLinkDetail
  onChanged: (link: PaymentLinkDetail) => void
  onPaid: (paid: { answer: PayByLinkAnswer; method: string | null }) => void
}) {
  const { link, token } = props
  const needsNewMethod = link.owed.every((owed) => owed.needs_new_method)
  const current = link.methods.find((method) => method.is_default)
  const newestBank = link.methods.filter((method) => method.type === 'bank_account').at(-1)
  const [chosen, setChosen] = useState<string>(
    props.bank === 'connected' && newestBank
      ? String(newestBank.id)
      : needsNewMethod || !current
        ? link.takes_cards
          ? newCard
          : newBank
        : String(current.id),
  )
  // Back from a card's bank step (Stripe's `setup_intent` on the address): the card form reads it back.
  useEffect(() => {
    if (window.location.search.includes('setup_intent=')) setChosen(newCard)
  }, [])
  const [leaving, setLeaving] = useState(false)
  const [makeDefault, setMakeDefault] = useState(false)
  // A card added here is most likely the one to use from now on.
  const [keepNewCard, setKeepNewCard] = useState(true)
  const [pending, setPending] = useState(false)
  // The bank's check over the page while a charge waits for it (`approve-payments.ts` fills it).
  const [overlay, setOverlay] = useState<ReactNode>(null)
  const [message, setMessage] = useState<string | undefined>(
    props.bank === 'cancelled'
      ? `You cancelled at your bank, so nothing was shared. Try again${link.takes_cards ? ', or pay by card' : ''}.`
      : undefined,
  )
  const method = link.methods.find((candidate) => String(candidate.id) === chosen)
  // What the chosen method is charged, surcharge and all: the server's own figures (`totals`).
  const chosenType = method?.type ?? (chosen === newBank ? 'bank_account' : 'stripe_card')
  const { surcharge, total } = link.totals[chosenType]

  // Ticking is agreeing to change how the membership is paid (issue 25): say what that means.
  function futurePaymentsWords(type: PaymentType['type']) {
    const surcharged = type === 'stripe_card' && link.totals.stripe_card.surcharge > 0
    return `Your later membership payments come from it instead${surcharged ? ', with a card surcharge added to each' : ''}, and we’ll e-mail you to confirm. Leave it unticked to pay only what you owe now.`
  }

  async function payNow() {
    if (pending || !method) return
    setPending(true)
    setMessage(undefined)
    const first = await orConnectionLost(() =>
      payWithLink({
        data: {
          token,
          payment: { payment_method_id: method.id, make_default: makeDefault && !method.is_default },
        },
      }),
    )
    // A charge the member's bank wants them to approve: the check, then the rest (loaded only then).
    const result =
      first.ok && first.data.outcomes.some((outcome) => outcome.approval)
        ? await (await import('./approve-payments')).finishApprovals({
            token,
            answer: first.data,
            payee: link.gym_name,
            card: describePaymentType(method),
            show: setOverlay,
          })
        : first
    setPending(false)
    if (!result.ok) return setMessage(result.message)
    const declined = result.data.outcomes.find((outcome) => outcome.status === 'failed')
    if (declined) {
      // Each period owed is charged in turn: say what the press on "Pay $total" came to, in that total's
      // terms, not the one period's amount that was declined.
      const paid = result.data.outcomes
        .filter((outcome) => outcome.status !== 'failed')
        .reduce((sum, outcome) => sum + outcome.amount, 0)
      setMessage(
        paid > 0
          ? `${formatCents(paid)} was paid, but the rest wasn’t: ${declined.failure_reason}. Pay what is still owed with another card or bank account.`
          : `${formatCents(total)} wasn’t paid: ${declined.failure_reason}. Try another card or bank account.`,
      )
      const again = await orConnectionLost(async () => ({
        ok: true as const,
        data: await fetchPaymentLink({ data: { token } }),
      }))
      if (again.ok && again.data.link) props.onChanged(again.data.link)
      return
    }
    props.onPaid({ answer: result.data, method: describePaymentType(method) })
  }

  async function connectBank() {
    if (leaving) return
    setLeaving(true)
    setMessage(undefined)
    const result = await orConnectionLost(() => startLinkBankConnection({ data: { token } }))
    if (!result.ok) {
      setLeaving(false)
      return setMessage(result.message)
    }
    window.sessionStorage.setItem(payTokenKey, token)
    window.location.assign(result.data.url)
  }

  async function cardSaved() {
    const before = new Set(link.methods.map((candidate) => candidate.id))
    const again = await fetchPaymentLink({ data: { token } })
    if (!again.link) return
    props.onChanged(again.link)
    const added = again.link.methods.find((candidate: PaymentType) => !before.has(candidate.id))
    if (added) setChosen(String(added.id))
  }

  return (
    <AuthFrame title="Pay what you owe" description={`${link.gym_name} · ${link.membership_name}`}>
      <div className="flex flex-col gap-6">
        <p className="text-slate-700">
          Kia ora {link.member_first_name}, your membership payment didn’t go through. You can pay it here.
        </p>
        {link.from_account ? (
          <RouterLink to="/join/account/payments" className="text-accent-700 text-sm underline">
            Back to your account
          </RouterLink>
        ) : null}
        <section aria-labelledby="owed-heading">
          <h2 id="owed-heading" className="font-semibold text-slate-900">
            What you owe
          </h2>
          <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
            {link.owed.map((owed) => (
              <li key={owed.payment_id} className="flex items-start justify-between gap-4 p-3">
                <span className="flex flex-col">
                  <span className="text-slate-900">{periodWords(owed)}</span>
                  <span className="text-slate-600 text-sm">Declined: {owed.reason}</span>
                </span>
                <span className="font-medium text-slate-900 tabular-nums">{formatCents(owed.amount)}</span>
              </li>
            ))}
            {surcharge > 0 ? (
              <li className="flex justify-between gap-4 p-3">
                <span className="text-slate-900">Card surcharge</span>
                <span className="font-medium text-slate-900 tabular-nums">{formatCents(surcharge)}</span>
              </li>
            ) : null}
            <li className="flex justify-between gap-4 bg-slate-50 p-3 font-semibold">
              <span>{chosenType === 'stripe_card' ? 'Total by card' : 'Total by bank account'}</span>
              <span className="tabular-nums">{formatCents(total)}</span>
            </li>
          </ul>
        </section>
        {link.grace_period_ends_at ? (
          <Alert tone="info">
            Pay by {formatLongDate(link.grace_period_ends_at)} to keep your membership. After that it is
            cancelled and the doors stop opening for you.
          </Alert>
        ) : null}
        {needsNewMethod ? (
          <Alert tone="info">
            The card or account this was charged to can’t be charged again. Pay with another one.
          </Alert>
        ) : null}
        {message ? <Alert tone="error">{message}</Alert> : null}
        <RadioGroup label="Pay with" value={chosen} onChange={setChosen}>
          <div className="flex w-full flex-col gap-3">
            {link.methods.map((candidate) => (
              <Radio key={candidate.id} value={String(candidate.id)}>
                {describePaymentType(candidate)}
                {candidate.is_default ? ' (used for your payments now)' : ''}
              </Radio>
            ))}
            {link.takes_cards ? <Radio value={newCard}>A new card</Radio> : null}
            <Radio value={newBank}>A new bank account</Radio>
          </div>
        </RadioGroup>
        {chosen === newBank ? (
          <div className="flex flex-col gap-3">
            <p className="text-slate-700 text-sm">
              You’ll sign in at your bank’s own page and choose the account to pay from, then come back here
              to pay. We never see your banking password.
            </p>
            <Button size="lg" fullWidth isPending={leaving} onPress={connectBank}>
              Connect my bank
            </Button>
          </div>
        ) : chosen === newCard ? (
          <>
            <Checkbox
              isSelected={keepNewCard}
              onChange={setKeepNewCard}
              description={futurePaymentsWords('stripe_card')}
            >
              Use this card for my future payments too
            </Checkbox>
            <CardForm
              label="New card"
              submitLabel="Save card"
              startSetup={() => startLinkCardSetup({ data: { token } })}
              save={(setupId) =>
                saveLinkCard({ data: { token, card: { setup_id: setupId, make_default: keepNewCard } } })
              }
              onSaved={cardSaved}
            />
          </>
        ) : (
          <>
            {method && !method.is_default ? (
              <Checkbox
                isSelected={makeDefault}
                onChange={setMakeDefault}
                description={futurePaymentsWords(method.type)}
              >
                Use this for my future payments too
              </Checkbox>
            ) : null}
            <Button size="lg" fullWidth isPending={pending} onPress={payNow}>
              Pay {formatCents(total)}
            </Button>
          </>
        )}
      </div>
      {overlay}
    </AuthFrame>
  )
}

/** A member who came from their account (issue 28) goes back to it, where the balance is read afresh. */
function BackToAccount() {
  return (
    <RouterLink
      to="/join/account/payments"
      className={buttonStyles({ variant: 'secondary', size: 'lg', fullWidth: true, className: 'mt-6' })}
    >
      Back to your account
    </RouterLink>
  )
}

function PaidPage(props: {
  answer: PayByLinkAnswer
  method: string | null
  gymName: string
  children?: ReactNode
}) {
  const amount = props.answer.outcomes.reduce((sum, outcome) => sum + outcome.amount, 0)
  const waiting = props.answer.outcomes.some((outcome) => outcome.status === 'pending')
  return (
    <AuthFrame title={waiting ? 'Your payment is on its way' : 'Thank you, you’re all paid up'}>
      <p className="flex items-start gap-3 rounded-md bg-emerald-50 p-4 text-emerald-900">
        {waiting ? (
          <Clock aria-hidden="true" className="size-6 shrink-0 text-emerald-700" />
        ) : (
          <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-emerald-700" />
        )}
        <span>
          {waiting
            ? `Your bank payment of ${formatCents(amount)} is being processed${props.method ? ` from ${props.method}` : ''}. Bank payments usually clear within a day.`
            : `We’ve taken ${formatCents(amount)}${props.method ? ` from ${props.method}` : ''}. Your membership at ${props.gymName} is up to date.`}
        </span>
      </p>
      {props.children}
    </AuthFrame>
  )
}

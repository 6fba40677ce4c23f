import { Link } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/checkbox'
import { DateField } from '~/components/ui/date-field'
import { Form } from '~/components/ui/form'
import { linkStyles } from '~/components/ui/link'
import { Radio, RadioGroup } from '~/components/ui/radio-group'
import { TextField } from '~/components/ui/text-field'
import type { SessionUser } from '~/contracts/auth'
import { frequencyWords } from '~/contracts/frequency-words'
import type { MembershipOptions, MembershipQuote } from '~/contracts/join-payment'
import { AuthFrame } from '~/features/auth/auth-frame'
import { useSessionStore } from '~/features/auth/session'
import { formatLongDate, todayInAuckland } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { connectionLostMessage, sessionEndedMessage } from './connection-lost'
import { chosenPriceKey, joiningKey } from './join-choice'
import { JoinSteps } from './join-steps'
import { type QuoteAnswer, type QuoteRead, readQuote } from './membership-quote'
import { useNextStep } from './next-step'
import { joinMembership } from './payment.functions'

type Failure =
  | { kind: 'declined'; message: string }
  | { kind: 'message'; message: string }
  | { kind: 'signedOut' }
  | { kind: 'fields'; name?: string | undefined; tick?: string | undefined }

/** What a quote that never came back says: Confirm waits for a quote the member has seen. */
const lostQuote: QuoteAnswer = {
  ok: false,
  status: 0,
  message: connectionLostMessage,
  errors: {},
  error: undefined,
}

/**
 * The quote for the choice on screen: each choice's answer is kept for the page's life, and while a new
 * one is on its way the last one stays (the costs don't blink on every change of day).
 */
function useQuote(priceId: number | undefined, startDate: string, first: QuoteRead | undefined) {
  const answers = useRef(new Map<string, QuoteAnswer>())
  if (first && answers.current.size === 0)
    answers.current.set(`${first.priceId}/${first.startDate}`, first.answer)
  const key = priceId === undefined ? undefined : `${priceId}/${startDate}`
  const [shown, setShown] = useState(key === undefined ? undefined : answers.current.get(key))
  useEffect(() => {
    if (priceId === undefined || key === undefined) return
    const known = answers.current.get(key)
    if (known) return setShown(known)
    let onScreen = true
    readQuote(priceId, startDate).then(
      (answer) => {
        answers.current.set(key, answer)
        if (onScreen) setShown(answer)
      },
      () => {
        if (onScreen) setShown(lostQuote)
      },
    )
    return () => {
      onScreen = false
    }
  }, [priceId, startDate, key])
  return shown
}

/** The price picked on this device (the gym's page, or here before a look at how to pay), if still offered. */
function rememberedPrice(options: MembershipOptions): number | undefined {
  const remembered = Number(window.localStorage.getItem(chosenPriceKey))
  return options.offerings.flatMap((offering) => offering.prices).find((price) => price.id === remembered)?.id
}

/**
 * register.confirm-subscription (SPEC §2.1; issue 14): the membership, its start, what is taken today
 * and why, what recurs, the term, and the agreement accepted by typing one's name and a tick. "Confirm"
 * sends one idempotency key per choice, kept in the tab, so pressing twice, a retry after a lost
 * connection or a reload never makes a second membership or charge.
 */
export function ConfirmSubscriptionPage(props: {
  user: SessionUser
  options: MembershipOptions
  /** The first price's quote for today, read with the page. */
  firstQuote: QuoteRead | undefined
}) {
  const { options } = props
  const [priceId, setPriceId] = useState(options.offerings.flatMap((offering) => offering.prices)[0]?.id)
  // After hydration, so the server's page and the browser's first render agree.
  useEffect(() => {
    const remembered = rememberedPrice(options)
    if (remembered !== undefined) setPriceId(remembered)
  }, [options])
  const [startLater, setStartLater] = useState(false)
  const [laterDate, setLaterDate] = useState('')
  const [name, setName] = useState('')
  const [ticked, setTicked] = useState(false)
  const [failure, setFailure] = useState<Failure>()
  const [pending, setPending] = useState(false)
  const sessionStore = useSessionStore()
  const nextStep = useNextStep()

  const today = todayInAuckland()
  const startDate = startLater && /^\d{4}-\d{2}-\d{2}$/.test(laterDate) ? laterDate : today
  // The first price's quote for today came with the page (the loader); another choice asks for its own.
  const answer = useQuote(priceId, startDate, props.firstQuote)
  const current: MembershipQuote | undefined = answer?.ok ? answer.data : undefined
  const quoteProblem =
    answer && !answer.ok
      ? answer.status === 401
        ? sessionEndedMessage
        : (answer.errors.start_date?.[0] ?? answer.message)
      : undefined

  async function submit(event?: FormEvent) {
    event?.preventDefault()
    if (pending || !current || priceId === undefined) return
    const fields: Failure = {
      kind: 'fields',
      name: name.trim() === '' ? 'Type your name to accept the agreement.' : undefined,
      tick: ticked ? undefined : 'Tick the box to let the gym take your payments when they are due.',
    }
    if (fields.name || fields.tick) return setFailure(fields)
    setPending(true)
    setFailure(undefined)
    const key = joiningKey({ userId: props.user.id, priceId, startDate })
    try {
      const result = await joinMembership({
        data: {
          price_id: priceId,
          start_date: startDate,
          client_key: key,
          agreement_name: name,
          off_session_consent: ticked,
        },
      })
      if (!result.ok) {
        setPending(false)
        if (result.status === 401) {
          sessionStore.reset()
          return setFailure({ kind: 'signedOut' })
        }
        const declined = result.errors.payment_method?.[0]
        if (declined) return setFailure({ kind: 'declined', message: declined })
        const nameProblem = result.errors.agreement_name?.[0]
        const tickProblem = result.errors.off_session_consent?.[0]
        if (nameProblem || tickProblem)
          return setFailure({ kind: 'fields', name: nameProblem, tick: tickProblem })
        return setFailure({ kind: 'message', message: result.message })
      }
    } catch {
      setPending(false)
      return setFailure({
        kind: 'message',
        message:
          'We lost the connection before hearing back. Press Confirm again: you won’t be charged twice.',
      })
    }
    window.localStorage.removeItem(chosenPriceKey)
    await nextStep('/join/welcome-to-gym')
  }

  const allPrices = options.offerings.flatMap((offering) =>
    offering.prices.map((price) => ({ offering, price })),
  )

  return (
    <AuthFrame title="Confirm your membership" description={`At ${options.gym.name}.`}>
      <JoinSteps current="confirm" />
      {allPrices.length === 0 ? (
        <Alert tone="info">
          {options.gym.name} has no memberships on sale right now. Ask the gym, then come back here.
        </Alert>
      ) : (
        <Form onSubmit={submit} aria-label="Confirm your membership" className="gap-8">
          <RadioGroup
            label="Membership"
            value={priceId === undefined ? null : String(priceId)}
            onChange={(value) => {
              setPriceId(Number(value))
              // Kept on this device, so going back to change how to pay doesn't lose the choice.
              window.localStorage.setItem(chosenPriceKey, value)
              setFailure(undefined)
            }}
          >
            <div className="flex w-full flex-col gap-3">
              {allPrices.map(({ offering, price }) => (
                <Radio key={price.id} value={String(price.id)}>
                  <span className="flex flex-col">
                    <span className="font-medium">{offering.name}</span>
                    <span className="text-slate-600 text-sm">
                      {formatCents(price.amount)} {frequencyWords[price.billing_frequency]}
                      {price.joining_fee > 0 ? ` · ${formatCents(price.joining_fee)} joining fee` : ''}
                      {price.term_amount && price.term_unit
                        ? ` · ${price.term_amount} ${price.term_unit}${price.term_amount === 1 ? '' : 's'} minimum`
                        : ''}
                    </span>
                  </span>
                </Radio>
              ))}
            </div>
          </RadioGroup>

          <div className="flex flex-col gap-3">
            <RadioGroup
              label="Start"
              value={startLater ? 'later' : 'today'}
              onChange={(value) => setStartLater(value === 'later')}
            >
              <Radio value="today">Today</Radio>
              <Radio value="later">Another day</Radio>
            </RadioGroup>
            {startLater ? (
              <DateField
                label="Start date"
                value={laterDate}
                onChange={setLaterDate}
                errorMessage={quoteProblem}
                isRequired
              />
            ) : null}
          </div>

          {current ? (
            <Costs quote={current} />
          ) : quoteProblem && !startLater ? (
            <Alert tone="error">{quoteProblem}</Alert>
          ) : null}

          {current ? (
            <section aria-labelledby="agreement-heading" className="flex flex-col gap-3">
              <h2 id="agreement-heading" className="font-semibold text-slate-900">
                Membership agreement
              </h2>
              {/* In full, not in a scrolling box: every word is read before it is accepted, by any means. */}
              <section
                aria-label="Membership agreement text"
                className="whitespace-pre-line rounded-md border border-slate-200 bg-slate-50 p-3 text-slate-800 text-sm"
              >
                {current.agreement}
              </section>
              <TextField
                label="Type your full name to accept"
                autoComplete="name"
                value={name}
                onChange={(value) => {
                  setName(value)
                  if (failure?.kind === 'fields') setFailure({ ...failure, name: undefined })
                }}
                errorMessage={failure?.kind === 'fields' ? failure.name : undefined}
                description={`As on your account: ${props.user.name}`}
                isRequired
              />
              <Checkbox
                isSelected={ticked}
                onChange={(value) => {
                  setTicked(value)
                  if (failure?.kind === 'fields') setFailure({ ...failure, tick: undefined })
                }}
                errorMessage={failure?.kind === 'fields' ? failure.tick : undefined}
              >
                {`I agree that ${current.gym_name} may take these payments from my ${current.payment_method_label ?? 'payment method'} when they are due, without asking me each time.`}
              </Checkbox>
            </section>
          ) : null}

          {failure?.kind === 'declined' ? (
            <Alert tone="error" title="Payment declined">
              <p>{failure.message}</p>
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
                <Link to="/join/card-details" className={linkStyles()}>
                  Use another card
                </Link>
                <Link to="/join/connect-akahu" className={linkStyles()}>
                  Pay by bank account instead
                </Link>
              </p>
            </Alert>
          ) : failure?.kind === 'message' ? (
            <Alert tone="error">{failure.message}</Alert>
          ) : failure?.kind === 'signedOut' ? (
            <Alert tone="error">
              {sessionEndedMessage}{' '}
              <Link to="/join/login" search={{ redirect: '/confirm-subscription' }} className={linkStyles()}>
                Sign in again
              </Link>
            </Alert>
          ) : null}

          <Button type="submit" size="lg" fullWidth isPending={pending} isDisabled={!current}>
            {current && current.due_today > 0
              ? `Confirm and pay ${formatCents(current.due_today)}`
              : 'Confirm membership'}
          </Button>
        </Form>
      )}
    </AuthFrame>
  )
}

/** What is taken today and why, what recurs, the term and the method it comes from. */
function Costs(props: { quote: MembershipQuote }) {
  const { quote } = props
  const first = quote.first_payment
  const startsToday = quote.due_today > 0 || first.total === 0
  return (
    <section aria-labelledby="costs-heading" className="flex flex-col gap-3">
      <h2 id="costs-heading" className="font-semibold text-slate-900">
        {startsToday ? 'Due today' : `Due on ${formatLongDate(first.due_on)}`}
      </h2>
      <dl className="flex flex-col gap-1 text-sm">
        <Line label={`First ${periodWord(quote.billing_frequency)}`} amount={first.period_amount} />
        {first.joining_fee > 0 ? <Line label="Joining fee" amount={first.joining_fee} /> : null}
        {first.surcharge > 0 ? <Line label="Card surcharge" amount={first.surcharge} /> : null}
        <Line label={startsToday ? 'Total today' : 'Total'} amount={first.total} strong />
      </dl>
      {!startsToday ? <p className="text-slate-700 text-sm">Nothing is taken today.</p> : null}
      {quote.recurring ? (
        <p className="font-medium text-slate-900">
          Then {formatCents(quote.recurring.total)} {frequencyWords[quote.billing_frequency]} from{' '}
          {formatLongDate(quote.recurring.from)}
          {quote.recurring.surcharge > 0 ? (
            <span className="block font-normal text-slate-600 text-sm">
              {formatCents(quote.recurring.amount)} plus {formatCents(quote.recurring.surcharge)} card
              surcharge
            </span>
          ) : null}
        </p>
      ) : (
        <p className="text-slate-700 text-sm">A single payment: nothing more is charged.</p>
      )}
      {quote.term ? (
        <p className="rounded-md bg-amber-50 p-3 text-amber-950 text-sm">
          Minimum term of {quote.term.amount} {quote.term.unit}
          {quote.term.amount === 1 ? '' : 's'}: you’re committed to {formatLongDate(quote.term.ends_on)} (
          {formatCents(quote.term.total_value)} in all). You can cancel for any reason until{' '}
          {formatLongDate(quote.term.cooling_off_ends_on)} (cooling-off).
        </p>
      ) : (
        <p className="text-slate-700 text-sm">No minimum term: cancel any time.</p>
      )}
      <p className="text-slate-700 text-sm">
        Paying with {quote.payment_method_label ?? 'no payment method yet'} ·{' '}
        <Link to="/join/choose-payment-method" className={linkStyles()}>
          Change
        </Link>
      </p>
    </section>
  )
}

function Line(props: { label: string; amount: number; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 ${props.strong ? 'border-slate-200 border-t pt-1 font-semibold' : ''}`}
    >
      <dt>{props.label}</dt>
      <dd className="tabular-nums">{formatCents(props.amount)}</dd>
    </div>
  )
}

const periodWords: Record<MembershipQuote['billing_frequency'], string> = {
  daily: 'day',
  weekly: 'week',
  fortnightly: 'fortnight',
  monthly: 'month',
  bi_monthly: 'two months',
  quarterly: 'quarter',
  twice_yearly: 'six months',
  yearly: 'year',
  one_off: 'payment',
}
const periodWord = (frequency: MembershipQuote['billing_frequency']) => periodWords[frequency]

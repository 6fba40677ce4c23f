import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { CircleCheck, CreditCard } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Page } from '~/components/page'
import { Alert } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button, buttonStyles } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Spinner } from '~/components/ui/spinner'
import type { Gym } from '~/contracts/gyms'
import { orConnectionLost } from '~/features/join/connection-lost'
import { exchangeCardPaymentsState, startCardPayments } from './gyms.functions'

/** Whether the gym takes card payments: not connected, being checked by the provider, or connected. */
export function CardPayments(props: { gym: Gym }) {
  const { card_payments: card } = props.gym
  if (!card.connected) return <Badge tone="amber">Not connected</Badge>
  return card.charges_enabled ? (
    <Badge tone="green">Connected</Badge>
  ) : (
    <Badge tone="amber">Being checked</Badge>
  )
}

/**
 * "Connect card payments" (issue 17, PROVIDERS.md §1.4): asks for the provider's onboarding page and
 * goes there; the owner comes back to `/stripe/callback`. Shown until the gym takes card payments.
 */
export function ConnectCardPaymentsButton(props: { gym: Gym; label?: string }) {
  const start = useServerFn(startCardPayments)
  const [leaving, setLeaving] = useState(false)
  const [problem, setProblem] = useState<string>()
  if (props.gym.card_payments.charges_enabled) return null

  async function connect() {
    if (leaving) return
    setLeaving(true)
    setProblem(undefined)
    const result = await orConnectionLost(() => start({ data: { id: props.gym.id } }))
    if (!result.ok) {
      setLeaving(false)
      setProblem(result.message)
      return
    }
    window.location.assign(result.data.url)
  }

  return (
    <div className="flex flex-col gap-3">
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <p className="text-slate-700 text-sm">
        Members can pay by card once {props.gym.name} has its own card payments account. You’ll confirm the
        business’s details on the provider’s page, then come back here.
      </p>
      <div>
        <Button size="sm" isPending={leaving} onPress={connect}>
          <CreditCard aria-hidden="true" className="size-4" />
          {props.label ?? 'Connect card payments'}
        </Button>
      </div>
    </div>
  )
}

/** What the provider lets the gym's account do now, as re-read at the callback. */
function AccountAbilities(props: { charges: boolean; payouts: boolean }) {
  const said = (on: boolean) => (on ? 'Enabled' : 'Not yet')
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-slate-600">Card payments</dt>
      <dd className="text-slate-900">{said(props.charges)}</dd>
      <dt className="text-slate-600">Payouts to the gym’s bank</dt>
      <dd className="text-slate-900">{said(props.payouts)}</dd>
    </dl>
  )
}

type Outcome =
  | { kind: 'working' }
  | {
      kind: 'done'
      connected: boolean
      chargesEnabled: boolean
      payoutsEnabled: boolean
      message: string
      gym: Gym
    }
  | { kind: 'failed'; message: string }

/**
 * `/stripe/callback` (SPEC §2.2): back from the card provider's onboarding. The state is exchanged once
 * (`POST /api/stripe/exchange`), then the result is said: connected, left before finishing (with the
 * way to go on), or a link that no longer works.
 */
export function StripeCallbackPage(props: { state: string | undefined }) {
  const exchange = useServerFn(exchangeCardPaymentsState)
  const queryClient = useQueryClient()
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' })
  const sent = useRef(false)

  useEffect(() => {
    if (sent.current) return
    // Once, even if React runs the effect twice: a state works only once.
    sent.current = true
    const state = props.state ?? ''
    void (async () => {
      const result = await orConnectionLost(() => exchange({ data: { state } }))
      if (!result.ok) {
        setOutcome({ kind: 'failed', message: result.errors.state?.[0] ?? result.message })
        return
      }
      await queryClient.invalidateQueries({ queryKey: ['gyms'] })
      setOutcome({
        kind: 'done',
        connected: result.data.data.connected,
        chargesEnabled: result.data.data.charges_enabled,
        payoutsEnabled: result.data.data.payouts_enabled,
        message: result.data.message,
        gym: result.data.data.gym,
      })
    })()
  }, [exchange, props.state, queryClient])

  return (
    <Page title="Card payments" description="Connecting a gym’s card payments account.">
      <Card className="max-w-xl">
        {outcome.kind === 'working' ? (
          <div role="status" className="flex items-center gap-3 text-slate-700">
            <Spinner aria-hidden="true" />
            Checking your card payments account…
          </div>
        ) : outcome.kind === 'failed' ? (
          <div className="flex flex-col gap-4">
            <Alert tone="error">{outcome.message}</Alert>
            <div>
              <Link to="/console/gyms" className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
                Back to gyms
              </Link>
            </div>
          </div>
        ) : outcome.connected ? (
          <div className="flex flex-col gap-4">
            <p role="status" className="flex items-start gap-3 font-medium text-slate-900">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
              {outcome.message}
            </p>
            <p className="text-slate-700">
              {outcome.chargesEnabled
                ? `Members joining ${outcome.gym.name} can now pay by card. Card payments go to the gym’s own account.`
                : `The card provider is still checking the account: members can pay by card once it says yes.`}
            </p>
            <AccountAbilities charges={outcome.chargesEnabled} payouts={outcome.payoutsEnabled} />
            <div>
              <Link
                to="/console/gyms/$id"
                params={{ id: outcome.gym.id }}
                className={buttonStyles({ size: 'sm' })}
              >
                Back to {outcome.gym.name}
              </Link>
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <Alert tone="info">{outcome.message}</Alert>
            <AccountAbilities charges={outcome.chargesEnabled} payouts={outcome.payoutsEnabled} />
            <ConnectCardPaymentsButton gym={outcome.gym} label="Carry on connecting" />
            <div>
              <Link
                to="/console/gyms/$id"
                params={{ id: outcome.gym.id }}
                className={buttonStyles({ variant: 'secondary', size: 'sm' })}
              >
                Back to {outcome.gym.name}
              </Link>
            </div>
          </div>
        )}
      </Card>
    </Page>
  )
}

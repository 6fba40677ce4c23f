import { Link as RouterLink } from '@tanstack/react-router'
import { CalendarClock, DoorOpen, Mail, MapPin, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import { Fact, FactsCard } from '~/components/fact'
import { Badge } from '~/components/ui/badge'
import { buttonStyles } from '~/components/ui/button-styles'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import type { AccountOverview } from '~/contracts/account'
import { frequencyWords } from '~/contracts/frequency-words'
import { nextChargeAmountWords } from '~/contracts/next-charge-words'
import { formatLongDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { AccountSection } from './account-frame'

const stateBadges: Record<string, { label: string; tone: 'green' | 'amber' | 'red' | 'slate' | 'accent' }> = {
  active: { label: 'Active', tone: 'green' },
  paused: { label: 'Paused', tone: 'accent' },
  upcoming: { label: 'Starting soon', tone: 'accent' },
  in_grace_period: { label: 'Payment needed', tone: 'amber' },
  cancelled: { label: 'Cancelled', tone: 'slate' },
}

/**
 * `/account` (issue 28): the membership in the member's words, what they owe and why, how they get in,
 * and how to reach their gym — what a member opens the page for, first.
 */
export function AccountOverviewPage(props: { account: AccountOverview }) {
  const { account } = props
  const { membership } = account
  const firstName = account.member.name.split(' ')[0] ?? account.member.name
  return (
    <AccountSection title={`Kia ora, ${firstName}`} description="Your membership, at a glance.">
      {membership ? <MembershipCard membership={membership} /> : null}
      <Owing owing={account.owing} />
      <DoorCard door={account.door} />
      <GymCard gym={account.gym} />
    </AccountSection>
  )
}

function MembershipCard(props: { membership: NonNullable<AccountOverview['membership']> }) {
  const { membership } = props
  const badge = stateBadges[membership.state] ?? { label: membership.state, tone: 'slate' as const }
  const next = membership.next_charge
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-lg text-slate-900">{membership.offering_name}</h2>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      <p className="mt-1 text-slate-700" data-testid="membership-state">
        {membership.state_words}
      </p>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Row label="Gym">{membership.gym_name}</Row>
        <Row label="Price">
          {formatCents(membership.amount)} {frequencyWords[membership.billing_frequency]}
        </Row>
        <Row label="Member since">{formatLongDate(membership.start_date)}</Row>
        {membership.term ? (
          <Row label="Term">
            {membership.term.length}
            {membership.term.ends_on ? `, until ${formatLongDate(membership.term.ends_on)}` : ''}
          </Row>
        ) : (
          <Row label="Term">No fixed term: leave any time</Row>
        )}
        {membership.pause ? (
          <Row label="Pause">
            {formatLongDate(membership.pause.starts_on)}
            {membership.pause.ends_on ? ` to ${formatLongDate(membership.pause.ends_on)}` : ', no end date'}
          </Row>
        ) : null}
        {membership.cancellation ? (
          <Row label="Cancelled">
            On {formatLongDate(membership.cancellation.cancelled_on)}
            {membership.cancellation.access_until
              ? `; you can come until ${formatLongDate(membership.cancellation.access_until)}`
              : ''}
          </Row>
        ) : null}
      </dl>
      <div className="mt-4 flex items-start gap-3 rounded-md bg-slate-50 p-3">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-700" />
        <p className="text-slate-800" data-testid="next-payment">
          {next ? (
            <>
              Next payment: <strong>{nextChargeAmountWords(next)}</strong> on {formatLongDate(next.on)}
              {next.kind === 'retry' ? ', a retry of a payment that didn’t go through' : ''}.
            </>
          ) : (
            'No more payments are due.'
          )}{' '}
          <RouterLink to="/join/account/costs" className="text-accent-700 underline underline-offset-2">
            The year ahead
          </RouterLink>
        </p>
      </div>
    </Card>
  )
}

function Row(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600 text-sm">{props.label}</dt>
      <dd className="text-slate-900">{props.children}</dd>
    </div>
  )
}

function Owing(props: { owing: AccountOverview['owing'] }) {
  const { owing } = props
  if (owing.total <= 0) {
    return (
      <Card>
        <h2 className="font-semibold text-slate-900">What you owe</h2>
        <p className="mt-1 text-slate-700" data-testid="owing">
          Nothing. You’re all paid up.
        </p>
      </Card>
    )
  }
  return (
    <Card className="border-amber-300 bg-amber-50/60">
      <h2 className="font-semibold text-slate-900">What you owe</h2>
      <p className="mt-1 text-slate-800" data-testid="owing">
        <strong className="text-2xl">{formatCents(owing.total)}</strong>
        {owing.grace_period_ends_on ? (
          <> — pay by {formatLongDate(owing.grace_period_ends_on)} to keep your membership.</>
        ) : null}
      </p>
      {owing.items.length > 0 ? (
        <ul className="mt-3 flex list-disc flex-col gap-1 pl-5 text-slate-700">
          {owing.items.map((item) => (
            <li key={item.payment_id}>
              {item.why} {formatCents(item.amount)}.
            </li>
          ))}
        </ul>
      ) : null}
      <RouterLink to="/join/account/payments" className={buttonStyles({ className: 'mt-4' })}>
        Pay {formatCents(owing.total)} now
      </RouterLink>
    </Card>
  )
}

function DoorCard(props: { door: AccountOverview['door'] }) {
  return (
    <Card>
      <div className="flex items-start gap-3">
        <DoorOpen aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-accent-700" />
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900">Getting in</h2>
          {props.door.code ? (
            <p className="mt-2">
              <span className="sr-only">Your door code: </span>
              <span
                className="inline-block rounded-md bg-slate-900 px-3 py-1.5 font-mono text-2xl text-white tracking-[0.2em]"
                data-testid="door-code"
              >
                {props.door.code}
              </span>
            </p>
          ) : null}
          <p className="mt-2 text-slate-700" data-testid="door-words">
            {props.door.words}
          </p>
        </div>
      </div>
    </Card>
  )
}

function GymCard(props: { gym: AccountOverview['gym'] }) {
  const { gym } = props
  if (!gym.email && !gym.phone && !gym.address) {
    return (
      <Card>
        <h2 className="font-semibold text-slate-900">Contact {gym.name}</h2>
        <p className="mt-1 text-slate-700">Ask at reception next time you’re in.</p>
      </Card>
    )
  }
  return (
    <FactsCard title={`Contact ${gym.name}`}>
      {gym.phone ? (
        <Fact label="Phone" icon={Phone}>
          <Link href={`tel:${gym.phone.replace(/[^\d+]/g, '')}`}>{gym.phone}</Link>
        </Fact>
      ) : null}
      {gym.email ? (
        <Fact label="E-mail" icon={Mail} wrap>
          <Link href={`mailto:${gym.email}`}>{gym.email}</Link>
        </Fact>
      ) : null}
      {gym.address ? (
        <Fact label="Address" icon={MapPin} wrap>
          {gym.address}
        </Fact>
      ) : null}
    </FactsCard>
  )
}

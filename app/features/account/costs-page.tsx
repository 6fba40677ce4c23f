import type { ReactNode } from 'react'
import type { AccountCosts } from '~/contracts/account-costs'
import { nextChargeAmountWords } from '~/contracts/next-charge-words'
import { formatDate, formatLongDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { AccountSection } from './account-frame'
import { CostsCalendar } from './costs-calendar'
import { CostPerVisitChart, VisitsChart } from './costs-charts'

/**
 * The member's account: what it costs, ahead and so far (issue 28 point 2). The next charge in a
 * sentence, the next twelve months as a calendar, what they paid this year, and their visits and what
 * each cost them over the last weeks (the figures the gym's staff see on the member's page).
 */
export function CostsPage(props: { costs: AccountCosts }) {
  const { costs } = props
  const next = costs.charges[0] ?? null
  const yearAhead = costs.charges.reduce((sum, charge) => sum + charge.total, 0)
  return (
    <div className="flex flex-col gap-8">
      <AccountSection
        title="What it costs"
        description={
          costs.membership
            ? `${costs.membership.offering_name} at ${costs.membership.gym_name}: what you’ll pay, what you’ve paid, and what each visit costs you.`
            : 'What you’ll pay, what you’ve paid, and what each visit costs you.'
        }
      >
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Figure label="Next charge">
            {next ? (
              <>
                <strong className="block font-semibold text-2xl text-slate-900 tabular-nums">
                  {formatCents(next.total)}
                </strong>
                <span className="text-slate-600 text-sm">{formatLongDate(next.on)}</span>
              </>
            ) : (
              <strong className="block font-semibold text-lg text-slate-900">None</strong>
            )}
          </Figure>
          <Figure label={`Paid in ${costs.paid_this_year.year}`}>
            <strong className="block font-semibold text-2xl text-slate-900 tabular-nums">
              {formatCents(costs.paid_this_year.total)}
            </strong>
            <span className="text-slate-600 text-sm">
              {costs.paid_this_year.payments === 1
                ? '1 payment'
                : `${costs.paid_this_year.payments} payments`}
            </span>
          </Figure>
          <Figure label="Cost per visit so far">
            {costs.since_joining && costs.since_joining.per_visit !== null ? (
              <>
                <strong className="block font-semibold text-2xl text-slate-900 tabular-nums">
                  {formatCents(costs.since_joining.per_visit)}
                </strong>
                <span className="text-slate-600 text-sm">
                  {costs.since_joining.visits === 1 ? '1 visit' : `${costs.since_joining.visits} visits`}{' '}
                  since {formatDate(costs.since_joining.since)}
                </span>
              </>
            ) : (
              <strong className="block font-semibold text-lg text-slate-900">No visits yet</strong>
            )}
          </Figure>
        </dl>
        {next ? (
          <p className="text-lg text-slate-800">
            You’ll be charged <strong className="font-semibold">{nextChargeAmountWords(next)}</strong> on{' '}
            <strong className="font-semibold">{formatLongDate(next.on)}</strong>.
          </p>
        ) : (
          <NoChargesAhead costs={costs} />
        )}
      </AccountSection>

      {costs.membership && costs.no_charges_reason !== 'ended' ? (
        <AccountSection
          level={2}
          title="The next 12 months"
          description={
            costs.charges.length > 0
              ? `${costs.charges.length === 1 ? '1 charge' : `${costs.charges.length} charges`}, ${formatCents(yearAhead)} in all, as things stand today${
                  costs.charges.some((charge) => charge.surcharge > 0) ? ' (card surcharge included)' : ''
                }.`
              : 'Nothing is charged in the next 12 months.'
          }
        >
          <CostsCalendar costs={costs} />
        </AccountSection>
      ) : null}

      <AccountSection
        level={2}
        title="Visits per week"
        description={`Your visits in the last ${costs.weeks.length} weeks, this week last.`}
      >
        {costs.cost_per_visit.visits > 0 ? (
          <VisitsChart weeks={costs.weeks} />
        ) : (
          <EmptyNote>
            No visits in the last {costs.weeks.length} weeks yet. Each time you come in, it shows here.
          </EmptyNote>
        )}
      </AccountSection>

      <AccountSection
        level={2}
        title="Cost per visit"
        description="What you paid for each week (each payment spread over the days it covers), divided by that week’s visits."
      >
        {costs.cost_per_visit.visits > 0 ? (
          <>
            <p className="text-slate-800">
              Over these {costs.weeks.length} weeks you paid {formatCents(costs.cost_per_visit.cost)} for{' '}
              {costs.cost_per_visit.visits === 1 ? '1 visit' : `${costs.cost_per_visit.visits} visits`}:{' '}
              <strong className="font-semibold">
                {formatCents(costs.cost_per_visit.per_visit ?? 0)} a visit
              </strong>
              .
            </p>
            <CostPerVisitChart weeks={costs.weeks} />
          </>
        ) : (
          <EmptyNote>
            Once you’ve visited, this shows what each visit costs you: the more you come, the less each visit
            costs.
          </EmptyNote>
        )}
      </AccountSection>
    </div>
  )
}

function Figure(props: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
      <dt className="font-medium text-slate-600 text-sm">{props.label}</dt>
      <dd className="mt-1">{props.children}</dd>
    </div>
  )
}

function EmptyNote(props: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-slate-300 border-dashed bg-slate-50 p-4 text-slate-600">
      {props.children}
    </p>
  )
}

/** Why nothing is charged ahead, in words. */
function NoChargesAhead(props: { costs: AccountCosts }) {
  const { costs } = props
  const endsOn = costs.membership?.ends_on ?? null
  const reason = costs.no_charges_reason
  const words =
    reason === 'no_membership'
      ? 'You don’t have a membership, so there’s nothing to pay.'
      : reason === 'ended'
        ? `Your membership ended${endsOn ? ` on ${formatLongDate(endsOn)}` : ''}, so there’s nothing more to pay.`
        : reason === 'not_recurring'
          ? 'Your membership is paid once, so there’s nothing more to pay.'
          : endsOn
            ? `Your membership ends on ${formatLongDate(endsOn)}, before another charge, so nothing more will be charged.`
            : 'Nothing more will be charged as things stand.'
  return <p className="text-lg text-slate-800">{words}</p>
}

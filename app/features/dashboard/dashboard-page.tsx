import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Page } from '~/components/page'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { linkStyles } from '~/components/ui/link'
import { Select, SelectItem } from '~/components/ui/select'
import { toast } from '~/components/ui/toast'
import { accessOf, gymRolesOf, mayUse, seesMoneyAt } from '~/contracts/areas'
import type { SessionUser } from '~/contracts/auth'
import type { MemberState } from '~/contracts/billing-debugging'
import type { Collection, CostAndVisitBreakdown, Stats } from '~/contracts/dashboard'
import type { MemberFilterState } from '~/contracts/member-filters'
import { formatDate, formatDayAndMonth } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { ChartWithTable, DataTable, Panel, Skeleton } from './chart-card'
import { SimpleBarChart, TrendChart } from './charts'
import { type DashboardScope, DEMO_HISTORY_REFRESH_MS, dashboardGymId, dashboardQueries } from './queries'

const count = (value: number) => value.toLocaleString('en-NZ')
const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}${hour < 12 ? 'am' : 'pm'}`

export function DashboardPage(props: { user: SessionUser; scope: DashboardScope }) {
  const { user, scope } = props
  const gymId = dashboardGymId(user, scope)
  // Money of the gyms shown, for those who run them all (ADR 032): not for a trainer at the gym shown.
  const money = seesMoneyAt(gymRolesOf(user), gymId)
  const moneyElsewhere = !money && mayUse(accessOf(user), 'payments')
  const stats = useQuery(dashboardQueries.stats(gymId))
  const trend = useQuery(dashboardQueries.activeUsers(gymId))
  const breakdown = useQuery(dashboardQueries.userBreakdown(gymId))
  const costs = useQuery(dashboardQueries.costAndVisitBreakdown(gymId))
  useFailureToasts([stats, trend, breakdown, costs])
  const historyPending = stats.data?.demo_history_pending ?? false
  useRefreshWhileHistoryPending(historyPending)

  const gymName = user.gyms.find((gym) => gym.id === gymId)?.name
  const wholeLabel = user.current_organisation?.role === 'admin' ? 'Whole organisation' : 'All your gyms'
  const description = `${gymId === null ? wholeLabel : (gymName ?? 'Your gym')} at a glance${
    stats.data ? `, ${formatDate(stats.data.today)}` : ''
  }.`

  return (
    <Page title="Dashboard" description={description}>
      <ScopePicker user={user} scope={scope} wholeLabel={wholeLabel} />
      {historyPending ? (
        <Alert tone="info" className="mb-6">
          Demo history is still being generated — figures will fill in over the next minute.
        </Alert>
      ) : null}
      <div className="flex flex-col gap-6">
        <MemberFigures query={stats} gymId={gymId} />
        <SelfServiceFigures query={stats} />
        {money ? <Collections query={stats} /> : null}
        {moneyElsewhere ? (
          <p className="text-slate-600 text-sm">
            {gymId === null
              ? 'Collections and failed payments show when one gym you run is shown.'
              : 'Collections and failed payments show for the gyms you run; here you are a personal trainer.'}
          </p>
        ) : null}
        {money ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <ExpectedCollections query={costs} />
            <FailedPayments query={costs} gymId={gymId} />
          </div>
        ) : null}
        <div className="grid gap-6 lg:grid-cols-2">
          <VisitsByDay query={costs} />
          <VisitsByHour query={costs} />
        </div>
        <WeeklyTrend query={trend} />
        <div className="grid gap-6 lg:grid-cols-2">
          <MembersByState query={breakdown} />
          <MembersByOffering query={breakdown} />
        </div>
      </div>
    </Page>
  )
}

/**
 * While the demo's history is made (ADR 021) the stats ask again every few seconds by themselves; the
 * other figures follow each time, and once more when the history is done.
 */
function useRefreshWhileHistoryPending(pending: boolean) {
  const queryClient = useQueryClient()
  const wasPending = useRef(pending)
  useEffect(() => {
    if (pending) {
      const timer = setInterval(
        () =>
          queryClient.invalidateQueries({
            queryKey: ['dashboard'],
            predicate: (q) => q.queryKey[1] !== 'stats',
          }),
        DEMO_HISTORY_REFRESH_MS,
      )
      wasPending.current = true
      return () => clearInterval(timer)
    }
    if (wasPending.current) {
      wasPending.current = false
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] })
    }
    return undefined
  }, [pending, queryClient])
}

/** SPEC §8: a failed call shows the server's message in a toast, once per message. */
function useFailureToasts(queries: Array<UseQueryResult<unknown>>) {
  const messages = [
    ...new Set(
      queries.flatMap((query) =>
        query.error ? [query.error instanceof Error ? query.error.message : 'Something went wrong.'] : [],
      ),
    ),
  ].join('\n')
  useEffect(() => {
    for (const message of messages ? messages.split('\n') : []) toast.error(message)
  }, [messages])
}

function ScopePicker(props: { user: SessionUser; scope: DashboardScope; wholeLabel: string }) {
  const navigate = useNavigate()
  if (props.user.gyms.length < 2) return null
  const current = props.user.gyms.find((gym) => gym.id === props.user.current_gym?.id)
  return (
    <div className="mb-6">
      <Select
        label="Showing"
        className="w-full sm:w-64"
        value={props.scope === 'all' ? 'all' : 'current'}
        onChange={(key) =>
          navigate({ to: '/console/dashboard', search: { scope: key === 'all' ? 'all' : undefined } })
        }
      >
        <SelectItem id="current">{current ? `${current.name} (current gym)` : 'Current gym'}</SelectItem>
        <SelectItem id="all">{props.wholeLabel}</SelectItem>
      </Select>
    </div>
  )
}

/** A section's failure in place (the toast already said it), with a way to try again. */
function Failed(props: { query: UseQueryResult<unknown> }) {
  const message = props.query.error instanceof Error ? props.query.error.message : 'Something went wrong.'
  return (
    <Alert tone="error" title="We couldn't load this">
      <p>{message}</p>
      <Button variant="secondary" size="sm" className="mt-2" onPress={() => props.query.refetch()}>
        Try again
      </Button>
    </Alert>
  )
}

/**
 * The member figures (SPEC §4's states of each member's latest membership, `countMemberStates`), each
 * linking to the members list with the same filter: the list's count is the figure (issue 25). "New"
 * counts memberships started lately, which no list filter reads, so it links nowhere.
 */
const memberFigures: Array<{
  key: keyof Stats['members']
  label: string
  hint: (stats: Stats) => string
  state?: MemberFilterState
}> = [
  { key: 'active', label: 'Active', hint: () => 'Running memberships', state: 'active' },
  { key: 'new', label: 'New', hint: (stats) => `Started since ${formatDate(stats.new_since)}` },
  { key: 'paused', label: 'Paused', hint: () => 'Pause in progress', state: 'paused' },
  {
    key: 'in_grace_period',
    label: 'In grace period',
    hint: () => 'A payment failed; cancelled ones too',
    state: 'in_grace_period',
  },
  { key: 'cancelling', label: 'Cancelling', hint: () => 'Leaving at the period end', state: 'cancelling' },
]

function MemberFigures(props: { query: UseQueryResult<Stats>; gymId: number | null }) {
  const { data, isPending, isError } = props.query
  const gym = props.gymId === null ? {} : { gym_id: props.gymId }
  return (
    <section aria-labelledby="member-figures">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="member-figures" className="font-semibold text-lg text-slate-900">
          Members
        </h2>
        {data ? (
          <Link to="/console/members" search={gym} className={linkStyles({ className: 'text-sm' })}>
            {count(data.members.total)} in total
          </Link>
        ) : null}
      </div>
      {isError ? <Failed query={props.query} /> : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-busy={isPending || undefined}>
        {memberFigures.map((figure) => (
          <Card key={figure.key} padding="none" className="px-4 py-3">
            <dt className="text-slate-600 text-sm">{figure.label}</dt>
            <dd className="mt-1">
              {data ? (
                <>
                  {figure.state ? (
                    <Link
                      to="/console/members"
                      search={{ ...gym, state: figure.state }}
                      aria-label={`${count(data.members[figure.key])} ${figure.label.toLowerCase()}: see them`}
                      className={linkStyles({
                        className: 'block w-fit font-semibold text-2xl tabular-nums',
                      })}
                    >
                      {count(data.members[figure.key])}
                    </Link>
                  ) : (
                    <span className="block font-semibold text-2xl text-slate-900 tabular-nums">
                      {count(data.members[figure.key])}
                    </span>
                  )}
                  <span className="block text-slate-500 text-xs">{figure.hint(data)}</span>
                </>
              ) : (
                <>
                  <span className="sr-only">Loading…</span>
                  <Skeleton className="mt-1 h-7 w-14" />
                  <Skeleton className="mt-1.5 h-3 w-24" />
                </>
              )}
            </dd>
          </Card>
        ))}
      </dl>
    </section>
  )
}

/** Pauses and cancellations members made themselves in their account this month (issue 28). */
function SelfServiceFigures(props: { query: UseQueryResult<Stats> }) {
  const data = props.query.data
  if (!data) return null
  const figures = [
    { label: 'Self-service pauses', value: data.self_service.pauses },
    { label: 'Self-service cancellations', value: data.self_service.cancellations },
  ]
  return (
    <section aria-labelledby="members-own-changes">
      <h2 id="members-own-changes" className="mb-3 font-semibold text-lg text-slate-900">
        Members’ own changes this month
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map((figure) => (
          <Card key={figure.label} padding="none" className="px-4 py-3">
            <dt className="text-slate-600 text-sm">{figure.label}</dt>
            <dd className="mt-1">
              <span className="block font-semibold text-2xl text-slate-900 tabular-nums">
                {count(figure.value)}
              </span>
              <span className="block text-slate-500 text-xs">
                Made online since {formatDate(data.self_service.since)}
              </span>
            </dd>
          </Card>
        ))}
      </dl>
    </section>
  )
}

function change(current: number, previous: number) {
  if (previous === 0) return current === 0 ? 'same as' : 'up on'
  const percent = Math.round(((current - previous) / previous) * 100)
  if (percent === 0) return 'same as'
  return `${percent > 0 ? 'up' : 'down'} ${Math.abs(percent)}% on`
}

function Comparison(props: {
  title: string
  current: Collection
  previous: Collection
  previousName: string
}) {
  const { current, previous } = props
  const words = change(current.amount, previous.amount)
  const Icon = words.startsWith('up') ? ArrowUpRight : words.startsWith('down') ? ArrowDownRight : ArrowRight
  const tone = words.startsWith('up')
    ? 'text-green-700'
    : words.startsWith('down')
      ? 'text-red-700'
      : 'text-slate-600'
  return (
    <Card padding="none" className="px-4 py-3">
      <h3 className="text-slate-600 text-sm">{props.title}</h3>
      <p className="mt-1 font-semibold text-2xl text-slate-900 tabular-nums">{formatCents(current.amount)}</p>
      <p className="text-slate-500 text-xs">
        {count(current.count)} {current.count === 1 ? 'payment' : 'payments'} since{' '}
        {formatDate(current.starts_on)}
      </p>
      <p className={`mt-2 flex items-center gap-1 text-sm ${tone}`}>
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        <span>
          {words} {props.previousName} ({formatCents(previous.amount)})
        </span>
      </p>
    </Card>
  )
}

function Collections(props: { query: UseQueryResult<Stats> }) {
  const { data } = props.query
  const collections = data?.collections
  return (
    <section aria-labelledby="collections">
      <h2 id="collections" className="mb-3 font-semibold text-lg text-slate-900">
        Collections
      </h2>
      <div className="grid gap-3 sm:grid-cols-2" aria-busy={!data || undefined}>
        {collections ? (
          <>
            <Comparison
              title="This week"
              current={collections.this_week}
              previous={collections.previous_week}
              previousName="the same days last week"
            />
            <Comparison
              title="This month"
              current={collections.this_month}
              previous={collections.previous_month}
              previousName="the same days last month"
            />
          </>
        ) : props.query.isError ? null : (
          [0, 1].map((index) => (
            <Card key={index} padding="none" className="px-4 py-3">
              <span className="sr-only">Loading…</span>
              <Skeleton className="h-4 w-20" />
              <Skeleton className="mt-2 h-7 w-28" />
              <Skeleton className="mt-2 h-4 w-44" />
            </Card>
          ))
        )}
      </div>
    </section>
  )
}

type CostsQuery = UseQueryResult<CostAndVisitBreakdown>

function ExpectedCollections(props: { query: CostsQuery }) {
  const weeks = props.query.data?.expected_collections ?? []
  const rows = weeks.map((week, index) => ({
    label: index === 0 ? 'This week' : formatDayAndMonth(week.starts_on),
    range: `${formatDate(week.starts_on)} – ${formatDate(week.ends_on)}`,
    expected: week.expected,
    payments: week.expected_count,
  }))
  const total = weeks.reduce((sum, week) => sum + week.expected, 0)
  return (
    <Panel
      title="Expected collections"
      description={
        props.query.data ? `${formatCents(total)} due over the next four weeks` : 'The next four weeks'
      }
      loading={props.query.isPending}
    >
      {props.query.isError ? (
        <Failed query={props.query} />
      ) : (
        <ChartWithTable
          summary={`Expected collections for the next four weeks, ${formatCents(total)} in total`}
          chart={
            <SimpleBarChart
              data={rows}
              labelKey="label"
              valueKey="expected"
              valueName="Expected"
              format={formatCents}
            />
          }
          caption="Expected collections per week"
          rows={rows}
          rowKey={(row) => row.range}
          columns={[
            { header: 'Week', cell: (row) => row.range },
            { header: 'Payments', cell: (row) => count(row.payments), numeric: true },
            { header: 'Expected', cell: (row) => formatCents(row.expected), numeric: true },
          ]}
        />
      )}
    </Panel>
  )
}

/**
 * The members who owe after a failed payment: the members list's "Owes money" count (the same
 * function), linked to that list; and the latest failed payment of each, newest first.
 */
function FailedPayments(props: { query: CostsQuery; gymId: number | null }) {
  const failed = props.query.data?.failed_payments
  const gym = props.gymId === null ? {} : { gym_id: props.gymId }
  return (
    <Panel
      title="Failed payments to act on"
      description={
        failed
          ? failed.total === 0
            ? 'Nothing to chase: no member owes money.'
            : `${count(failed.total)} ${failed.total === 1 ? 'member owes' : 'members owe'} after a failed payment, in a grace period or cancelled`
          : 'Members who still owe after a failed payment'
      }
      loading={props.query.isPending}
      skeleton={
        <div className="flex flex-col gap-3">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} className="h-9 w-full" />
          ))}
        </div>
      }
    >
      {props.query.isError ? (
        <Failed query={props.query} />
      ) : failed && failed.rows.length > 0 ? (
        <ul className="-my-2 divide-y divide-slate-100" aria-label="Failed payments">
          {failed.rows.map((payment) => (
            <li key={payment.id} className="flex items-start justify-between gap-3 py-2 text-sm">
              <div className="min-w-0">
                <Link
                  to="/console/members/$id"
                  params={{ id: payment.member.id }}
                  className={linkStyles({ className: 'font-medium' })}
                >
                  {payment.member.name}
                </Link>
                <p className="truncate text-slate-600">
                  {payment.error_description ?? 'Declined'} · due {formatDate(payment.due_on)}
                  {payment.is_retry ? ' (retry)' : ''} · {payment.gym_name}
                </p>
              </div>
              <div className="shrink-0 text-right">
                <p className="font-medium text-slate-900 tabular-nums">{formatCents(payment.amount)}</p>
                <p className="text-slate-500 text-xs tabular-nums">
                  owes {formatCents(payment.balance_owing)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {failed && failed.total > 0 ? (
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to="/console/members" search={{ ...gym, owing: true }} className={linkStyles()}>
            {`The ${count(failed.total)} ${failed.total === 1 ? 'member who owes' : 'members who owe'}`}
          </Link>
          <Link to="/console/payments" search={{ ...gym, status: 'failed' }} className={linkStyles()}>
            Retry, send a payment link or waive
          </Link>
        </p>
      ) : null}
    </Panel>
  )
}

function visitWindow(data: CostAndVisitBreakdown | undefined) {
  return data
    ? `Successful visits, ${formatDate(data.visits.starts_on)} – ${formatDate(data.visits.ends_on)}`
    : ''
}

function VisitsByDay(props: { query: CostsQuery }) {
  const data = props.query.data
  const rows = (data?.visits.by_day ?? []).map((visits, index) => ({ label: weekdays[index] ?? '', visits }))
  const costPerVisit = data?.cost_per_visit
  return (
    <Panel
      title="Visits by day"
      description={visitWindow(data) || 'The last four weeks'}
      loading={props.query.isPending}
    >
      {props.query.isError ? (
        <Failed query={props.query} />
      ) : data ? (
        <>
          <p className="mb-3 text-slate-700 text-sm">
            {count(data.visits.total)} visits
            {costPerVisit != null ? ` · ${formatCents(costPerVisit)} collected per visit` : ''}
          </p>
          <ChartWithTable
            summary={`Visits per day of the week over the last four weeks, ${count(data.visits.total)} in total`}
            chart={<SimpleBarChart data={rows} labelKey="label" valueKey="visits" valueName="Visits" />}
            caption="Visits per day of the week"
            rows={rows}
            rowKey={(row) => row.label}
            columns={[
              { header: 'Day', cell: (row) => row.label },
              { header: 'Visits', cell: (row) => count(row.visits), numeric: true },
            ]}
          />
        </>
      ) : null}
    </Panel>
  )
}

function VisitsByHour(props: { query: CostsQuery }) {
  const data = props.query.data
  const rows = (data?.visits.by_hour ?? []).map((visits, hour) => ({ label: hourLabel(hour), visits }))
  const busiest = rows.reduce<(typeof rows)[number] | undefined>(
    (best, row) => (!best || row.visits > best.visits ? row : best),
    undefined,
  )
  return (
    <Panel
      title="Visits by hour"
      description={data ? 'When members come in, by the hour they arrived' : 'The last four weeks'}
      loading={props.query.isPending}
    >
      {props.query.isError ? (
        <Failed query={props.query} />
      ) : data ? (
        <>
          <p className="mb-3 text-slate-700 text-sm">
            {busiest && busiest.visits > 0 ? `Busiest from ${busiest.label}` : 'No visits yet'}
          </p>
          <ChartWithTable
            summary={`Visits per hour of the day over the last four weeks${
              busiest && busiest.visits > 0 ? `, busiest from ${busiest.label}` : ''
            }`}
            chart={
              <SimpleBarChart
                data={rows}
                labelKey="label"
                valueKey="visits"
                valueName="Visits"
                interval={2}
              />
            }
            caption="Visits per hour of the day"
            rows={rows}
            rowKey={(row) => row.label}
            columns={[
              { header: 'Hour', cell: (row) => row.label },
              { header: 'Visits', cell: (row) => count(row.visits), numeric: true },
            ]}
          />
        </>
      ) : null}
    </Panel>
  )
}

function WeeklyTrend(props: { query: UseQueryResult<import('~/contracts/dashboard').ActiveUsers> }) {
  const today = props.query.data?.today ?? ''
  // The current week is only partly over: its figures are marked "so far", not compared as a whole week.
  const rows = (props.query.data?.weeks ?? []).map((week) => {
    const partial = week.starts_on <= today && today <= week.ends_on
    return {
      ...week,
      label: partial ? 'This week (so far)' : formatDayAndMonth(week.starts_on),
      weekOf: partial ? `${formatDate(week.starts_on)} (so far)` : formatDate(week.starts_on),
    }
  })
  return (
    <Panel
      title="Week by week"
      description="Members who came in, memberships started and cancelled, over the last 12 weeks"
      loading={props.query.isPending}
    >
      {props.query.isError ? (
        <Failed query={props.query} />
      ) : (
        <ChartWithTable
          summary="Members who came in, joined and cancelled each week for the last 12 weeks, this week so far"
          chart={
            <TrendChart
              data={rows}
              labelKey="label"
              lines={[
                { key: 'visitors', name: 'Came in', colour: 'var(--color-accent-600)' },
                { key: 'joined', name: 'Joined', colour: 'var(--color-green-600)' },
                { key: 'cancelled', name: 'Cancelled', colour: 'var(--color-red-600)', dashed: true },
              ]}
            />
          }
          caption="Members per week"
          rows={rows}
          rowKey={(row) => row.starts_on}
          columns={[
            { header: 'Week of', cell: (row) => row.weekOf },
            { header: 'Came in', cell: (row) => count(row.visitors), numeric: true },
            { header: 'Joined', cell: (row) => count(row.joined), numeric: true },
            { header: 'Cancelled', cell: (row) => count(row.cancelled), numeric: true },
          ]}
        />
      )}
    </Panel>
  )
}

const stateRows: Array<{ state: MemberState; label: string }> = [
  { state: 'active', label: 'Active' },
  { state: 'upcoming', label: 'Upcoming' },
  { state: 'paused', label: 'Paused' },
  { state: 'paused_in_future', label: 'Pause scheduled' },
  { state: 'in_grace_period', label: 'In grace period' },
  { state: 'cancelled', label: 'Cancelled' },
  { state: 'no_membership', label: 'No membership' },
]

type BreakdownQuery = UseQueryResult<import('~/contracts/dashboard').UserBreakdown>

function MembersByState(props: { query: BreakdownQuery }) {
  const data = props.query.data
  const rows = stateRows.map((row) => ({ ...row, members: data?.states[row.state] ?? 0 }))
  return (
    <Panel
      title="Members by state"
      description={data ? `${count(data.total)} members; a state of their latest membership` : undefined}
      loading={props.query.isPending}
    >
      {props.query.isError ? (
        <Failed query={props.query} />
      ) : (
        <ChartWithTable
          summary={`Members by the state of their membership, ${count(data?.total ?? 0)} in total`}
          chart={
            <SimpleBarChart data={rows} labelKey="label" valueKey="members" valueName="Members" horizontal />
          }
          caption="Members per membership state"
          rows={rows}
          rowKey={(row) => row.state}
          columns={[
            { header: 'State', cell: (row) => row.label },
            { header: 'Members', cell: (row) => count(row.members), numeric: true },
          ]}
        />
      )}
    </Panel>
  )
}

function MembersByOffering(props: { query: BreakdownQuery }) {
  const offerings = props.query.data?.offerings ?? []
  const largest = Math.max(1, ...offerings.map((offering) => offering.members))
  return (
    <Panel
      title="Members by offering"
      description="Memberships not cancelled, by what they are on"
      loading={props.query.isPending}
    >
      {props.query.isError ? (
        <Failed query={props.query} />
      ) : offerings.length === 0 ? (
        <p className="text-slate-600 text-sm">No memberships yet.</p>
      ) : (
        <DataTable
          caption="Members per offering"
          rows={offerings}
          rowKey={(row) => row.name}
          columns={[
            { header: 'Offering', cell: (row) => row.name },
            {
              header: 'Members',
              numeric: true,
              cell: (row) => (
                <span className="inline-flex items-center justify-end gap-2">
                  <span
                    aria-hidden="true"
                    className="hidden h-2 rounded-full bg-accent-500 sm:block"
                    style={{ width: `${Math.max(4, (row.members / largest) * 96)}px` }}
                  />
                  {count(row.members)}
                </span>
              ),
            },
          ]}
        />
      )}
    </Panel>
  )
}

import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Page } from '~/components/page'
import { LoadFailedPage, LoadingPage, SkeletonBar, SkeletonTable } from '~/components/page-states'
import { Badge } from '~/components/ui/badge'
import { buttonStyles } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { tv } from '~/components/ui/tv'
import type { ActiveUserCounts, ActiveUserRow, MemberState } from '~/contracts/billing-debugging'
import { memberStateWords, type StateTone } from '~/contracts/member-states'
import { GymFilter } from './debug-page-parts'
import { activeUserCountsQuery, activeUsersQuery } from './queries'
import type { ActiveUserSearch } from './search'

const title = 'Active members'
const description =
  'Who counts as active today, and why: each member’s latest membership read with the rules of the membership card.'

const stateLabels = memberStateWords
type Tone = StateTone

const statOrder: MemberState[] = [
  'active',
  'upcoming',
  'paused',
  'paused_in_future',
  'in_grace_period',
  'cancelled',
  'cancellation_undoable',
  'no_membership',
]

const dot = tv({
  base: 'inline-block size-2 shrink-0 rounded-full',
  variants: {
    tone: { green: 'bg-green-600', amber: 'bg-amber-500', red: 'bg-red-600', slate: 'bg-slate-400' },
  },
})

export function ActiveUserPage(props: { search: ActiveUserSearch }) {
  const { search } = props
  const { data: counts } = useSuspenseQuery(activeUserCountsQuery(search))
  const { data: page } = useSuspenseQuery(activeUsersQuery(search))
  const navigate = useNavigate()

  return (
    <Page title={title} description={description}>
      <div className="mb-6">
        <GymFilter
          gyms={counts.gyms}
          gymId={search.gym_id}
          onChange={(gymId) =>
            navigate({
              to: '/console/active-user-debugging',
              search: { ...search, gym_id: gymId, page: undefined },
            })
          }
        />
      </div>
      <StateCounts counts={counts} />
      <h2 className="mt-8 mb-3 font-semibold text-lg">Members</h2>
      {page.data.length === 0 ? (
        <Card>
          <p className="font-medium text-slate-900">No members here yet</p>
          <p className="mt-1 text-slate-600 text-sm">
            {page.meta.total > 0
              ? 'This page is past the last one. Go back to the first page.'
              : 'Members appear here once they join one of your gyms.'}
          </p>
        </Card>
      ) : (
        <>
          <MembersTable rows={page.data} />
          <MembersList rows={page.data} />
        </>
      )}
      <Paging search={search} meta={page.meta} />
    </Page>
  )
}

function StateCounts(props: { counts: ActiveUserCounts }) {
  const { counts } = props
  return (
    <section aria-labelledby="state-counts">
      <h2 id="state-counts" className="sr-only">
        Members per state
      </h2>
      <p className="mb-3 text-slate-600 text-sm">
        {counts.total === 1 ? '1 member' : `${counts.total.toLocaleString('en-NZ')} members`}; a cancelled
        membership that can still be undone counts in both of those states.
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {statOrder.map((state) => (
          <Card key={state} padding="none" className="px-4 py-3">
            <dt className="flex items-center gap-2 text-slate-600 text-sm">
              <span className={dot({ tone: stateLabels[state].tone })} aria-hidden="true" />
              {stateLabels[state].label}
            </dt>
            <dd className="mt-1 font-semibold text-2xl text-slate-900 tabular-nums">
              {counts.counts[state].toLocaleString('en-NZ')}
            </dd>
          </Card>
        ))}
      </dl>
    </section>
  )
}

// The header sticks to the top of the window, so the table sits in the page's flow without a scrolling
// box of its own; phones get the list below instead.
const headCell = [
  'sticky top-0 z-10 border-slate-200 border-b bg-slate-50 px-4 py-3 text-left font-medium text-slate-700 text-sm',
  'first:rounded-tl-lg last:rounded-tr-lg',
].join(' ')
const cell = 'border-slate-100 border-b px-4 py-3 align-top'

function MembersTable(props: { rows: ActiveUserRow[] }) {
  return (
    <div className="hidden rounded-lg border border-slate-200 bg-white shadow-xs sm:block">
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">Members, whether each counts as active, and why</caption>
        <thead>
          <tr>
            <th scope="col" className={headCell}>
              Member
            </th>
            <th scope="col" className={`${headCell} hidden lg:table-cell`}>
              E-mail
            </th>
            <th scope="col" className={headCell}>
              State
            </th>
            <th scope="col" className={headCell}>
              Reason
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.id}>
              <th scope="row" className={`${cell} text-left font-medium text-slate-900`}>
                <span className="block">{row.name}</span>
                <span className="block font-normal text-slate-600 [overflow-wrap:anywhere] lg:hidden">
                  {row.email}
                </span>
              </th>
              <td className={`${cell} hidden whitespace-nowrap text-slate-700 lg:table-cell`}>{row.email}</td>
              <td className={cell}>
                <StateBadge row={row} />
              </td>
              <td className={`${cell} text-slate-700`}>
                {row.reason}
                <Membership row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Phones: one card per member with the same facts. */
function MembersList(props: { rows: ActiveUserRow[] }) {
  return (
    <ul className="flex flex-col gap-3 sm:hidden" aria-label="Members">
      {props.rows.map((row) => (
        <li key={row.id}>
          <Card padding="none" className="px-4 py-3 text-sm">
            <div className="flex items-start justify-between gap-3">
              <h3 className="font-medium text-slate-900">{row.name}</h3>
              <StateBadge row={row} />
            </div>
            <p className="text-slate-600 [overflow-wrap:anywhere]">{row.email}</p>
            <p className="mt-2 text-slate-700">{row.reason}</p>
            <Membership row={row} />
          </Card>
        </li>
      ))}
    </ul>
  )
}

function Membership(props: { row: ActiveUserRow }) {
  const subscription = props.row.subscription
  if (!subscription) return null
  return (
    <span className="block text-slate-500 text-xs">
      {subscription.offering_name} at {subscription.gym.name}
    </span>
  )
}

/** The membership card's colour (SPEC §4) as a badge that also says the state in words. */
function StateBadge(props: { row: ActiveUserRow }) {
  const tone: Tone = props.row.card_colour ?? 'slate'
  return (
    <Badge tone={tone}>
      <span className={dot({ tone })} aria-hidden="true" />
      {stateLabels[props.row.state].label}
    </Badge>
  )
}

function Paging(props: {
  search: ActiveUserSearch
  meta: { current_page: number; last_page: number; from: number | null; to: number | null; total: number }
}) {
  const { search, meta } = props
  const pageLink = (page: number) => ({ ...search, page: page === 1 ? undefined : page })
  const disabled = buttonStyles({
    variant: 'secondary',
    size: 'sm',
    className: 'pointer-events-none opacity-50',
  })
  const enabled = buttonStyles({ variant: 'secondary', size: 'sm' })
  return (
    <nav
      aria-label="Pages"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-slate-600 text-sm"
    >
      <p>
        {meta.from === null
          ? `${meta.total.toLocaleString('en-NZ')} members`
          : `Showing ${meta.from}–${meta.to} of ${meta.total.toLocaleString('en-NZ')} members`}
        {meta.last_page > 1 ? ` · page ${meta.current_page} of ${meta.last_page}` : ''}
      </p>
      <div className="flex gap-2">
        {meta.current_page > 1 ? (
          <Link
            to="/console/active-user-debugging"
            search={pageLink(Math.min(meta.current_page - 1, meta.last_page))}
            className={enabled}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous
          </span>
        )}
        {meta.current_page < meta.last_page ? (
          <Link
            to="/console/active-user-debugging"
            search={pageLink(meta.current_page + 1)}
            className={enabled}
          >
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </span>
        )}
      </div>
    </nav>
  )
}

export function ActiveUserSkeleton() {
  return (
    <LoadingPage title={title} description={description}>
      <SkeletonBar className="mb-3 h-4 w-72" />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {statOrder.map((state) => (
          <div key={state} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
            <SkeletonBar className="h-4 w-24" />
            <SkeletonBar className="mt-2 h-7 w-12" />
          </div>
        ))}
      </div>
      <SkeletonBar className="mt-8 mb-3 h-6 w-28" />
      <SkeletonTable columns={4} rows={8} />
    </LoadingPage>
  )
}

export function ActiveUserError(props: { error: unknown }) {
  return <LoadFailedPage title={title} description={description} error={props.error} />
}

/** The screen's heading, for the route's other states (a gym outside the user's, …). */
export const activeUserScreen = { title, description }

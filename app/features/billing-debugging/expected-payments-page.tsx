import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Page } from '~/components/page'
import { LoadFailedPage, LoadingPage, SkeletonBar, SkeletonTable } from '~/components/page-states'
import { Card } from '~/components/ui/card'
import { Select, SelectItem } from '~/components/ui/select'
import {
  type CollectionSums,
  DEFAULT_WEEKS_BACK,
  type ExpectedPaymentsWeek,
  formatDayRange,
} from '~/contracts/billing-debugging'
import { formatCents } from '~/lib/money'
import { GymFilter } from './debug-page-parts'
import { expectedPaymentsQuery } from './queries'
import type { ExpectedPaymentsSearch } from './search'

const title = 'Expected payments'
const description =
  'What was due each week against what came in. Weeks start on Monday; the next four weeks show what is already scheduled.'

const historyChoices = [4, 8, 12, 26, 52]

export function ExpectedPaymentsPage(props: { search: ExpectedPaymentsSearch }) {
  const { search } = props
  const { data } = useSuspenseQuery(expectedPaymentsQuery(search))
  const navigate = useNavigate()
  const setSearch = (next: Partial<ExpectedPaymentsSearch>) =>
    navigate({ to: '/console/expected-payments-debugging', search: { ...search, ...next } })
  const nothing = data.totals.expected_count === 0 && data.totals.collected_count === 0

  return (
    <Page title={title} description={description}>
      <div className="mb-4 flex flex-col gap-4 sm:flex-row sm:items-end">
        <GymFilter
          gyms={data.gyms}
          gymId={search.gym_id}
          onChange={(gymId) => setSearch({ gym_id: gymId })}
        />
        <Select
          label="History"
          className="w-full sm:w-44"
          value={String(data.weeks_back)}
          onChange={(key) => setSearch({ weeks: Number(key) })}
        >
          {[...new Set([...historyChoices, data.weeks_back])]
            .sort((a, b) => a - b)
            .map((weeks) => (
              <SelectItem key={weeks} id={String(weeks)}>
                {`Last ${weeks} weeks`}
              </SelectItem>
            ))}
        </Select>
      </div>

      {nothing ? (
        <Card>
          <h2 className="font-semibold text-slate-900">No payments in these weeks</h2>
          <p className="mt-1 text-slate-600 text-sm">
            Nothing was due or collected{data.gym_id === null ? '' : ' at this gym'} between{' '}
            {formatDayRange(data.weeks[0]?.starts_on ?? data.today, data.weeks.at(-1)?.ends_on ?? data.today)}
            . Payments appear here a week before they are due, once members have memberships. Try a longer
            history{data.gym_id === null ? '' : ' or all gyms'}.
          </p>
        </Card>
      ) : (
        <>
          <WeeksTable weeks={data.weeks} totals={data.totals} />
          <WeeksList weeks={data.weeks} totals={data.totals} />
        </>
      )}
    </Page>
  )
}

const numberCell = 'px-4 py-2.5 text-right tabular-nums whitespace-nowrap'
/** The table's columns: the week, then its figures. */
const weekColumns = ['Week', 'Expected', 'Collected', 'Failed', 'Pending', 'Difference']
// The header sticks to the top of the window: the table sits in the page's flow (no scrolling box of its
// own), which the md: breakpoint leaves room for; narrower screens get the list below instead.
const headCell = [
  'sticky top-0 z-10 border-slate-200 border-b bg-slate-50 px-4 py-3 font-medium text-slate-700 text-sm',
  'first:rounded-tl-lg last:rounded-tr-lg',
].join(' ')

function WeeksTable(props: { weeks: ExpectedPaymentsWeek[]; totals: CollectionSums }) {
  return (
    <div className="hidden rounded-lg border border-slate-200 bg-white shadow-xs md:block">
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">Expected, collected, failed and pending payments per week</caption>
        <thead>
          <tr>
            {weekColumns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={`${headCell} ${index === 0 ? 'text-left' : 'text-right'}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.weeks.map((week) => (
            <tr
              key={week.starts_on}
              className={
                week.timing === 'current'
                  ? 'bg-accent-50'
                  : week.timing === 'future'
                    ? 'text-slate-600'
                    : 'even:bg-slate-50/60'
              }
            >
              <th scope="row" className="border-slate-100 border-b px-4 py-2.5 text-left font-normal">
                <span className="whitespace-nowrap">{formatDayRange(week.starts_on, week.ends_on)}</span>
                {week.timing === 'past' ? null : (
                  <span className="ml-2 rounded-full bg-white px-2 py-0.5 text-slate-700 text-xs ring-1 ring-slate-300">
                    {week.timing === 'current' ? 'This week' : 'Scheduled'}
                  </span>
                )}
              </th>
              <Amount cents={week.expected} count={week.expected_count} />
              <Amount cents={week.collected} count={week.collected_count} />
              <Amount cents={week.failed} count={week.failed_count} />
              <Amount cents={week.pending} count={week.pending_count} />
              <Difference cents={week.difference} muted={week.timing === 'future'} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="bg-slate-50 font-semibold">
            <th scope="row" className="border-slate-200 border-t px-4 py-3 text-left">
              Total
            </th>
            <Amount cents={props.totals.expected} count={props.totals.expected_count} total />
            <Amount cents={props.totals.collected} count={props.totals.collected_count} total />
            <Amount cents={props.totals.failed} count={props.totals.failed_count} total />
            <Amount cents={props.totals.pending} count={props.totals.pending_count} total />
            <Difference cents={props.totals.difference} total />
          </tr>
        </tfoot>
      </table>
    </div>
  )
}

const listFigures = [
  ['Expected', 'expected'],
  ['Collected', 'collected'],
  ['Failed', 'failed'],
  ['Pending', 'pending'],
] as const

/** Phones: one card per week with the same figures, as a table would need sideways scrolling. */
function WeeksList(props: { weeks: ExpectedPaymentsWeek[]; totals: CollectionSums }) {
  const cards: Array<{
    key: string
    heading: string
    tag: string | null
    muted: boolean
    sums: CollectionSums
  }> = [
    ...props.weeks.map((week) => ({
      key: week.starts_on,
      heading: formatDayRange(week.starts_on, week.ends_on),
      tag: week.timing === 'current' ? 'This week' : week.timing === 'future' ? 'Scheduled' : null,
      muted: week.timing === 'future',
      sums: week,
    })),
    { key: 'total', heading: 'Total', tag: null, muted: false, sums: props.totals },
  ]
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label="Weeks">
      {cards.map((card) => (
        <li key={card.key}>
          <Card padding="none" className={`px-4 py-3 ${card.key === 'total' ? 'bg-slate-50' : ''}`}>
            <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 text-sm">
              {card.heading}
              {card.tag ? (
                <span className="rounded-full bg-white px-2 py-0.5 font-normal text-slate-700 text-xs ring-1 ring-slate-300">
                  {card.tag}
                </span>
              ) : null}
            </h3>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {listFigures.map(([label, key]) => (
                <div key={key} className="flex justify-between gap-2">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="tabular-nums">{formatCents(card.sums[key])}</dd>
                </div>
              ))}
              <div className="col-span-2 flex justify-between gap-2 border-slate-100 border-t pt-1">
                <dt className="text-slate-600">Difference</dt>
                <dd
                  className={`tabular-nums ${card.muted ? 'text-slate-500' : differenceTone(card.sums.difference)}`}
                >
                  {signed(card.sums.difference)}
                </dd>
              </div>
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  )
}

const differenceTone = (cents: number) =>
  cents < 0 ? 'text-red-700' : cents > 0 ? 'text-green-700' : 'text-slate-500'
const signed = (cents: number) => `${cents > 0 ? '+' : ''}${formatCents(cents)}`

function Amount(props: { cents: number; count: number; total?: boolean }) {
  const border = props.total ? 'border-slate-200 border-t py-3' : 'border-slate-100 border-b'
  return (
    <td className={`${numberCell} ${border}`}>
      <span className={props.count === 0 ? 'text-slate-500' : undefined}>{formatCents(props.cents)}</span>
      {props.count > 0 ? (
        <span className="block font-normal text-slate-500 text-xs">
          {props.count === 1 ? '1 payment' : `${props.count} payments`}
        </span>
      ) : null}
    </td>
  )
}

/**
 * Collected less expected: a shortfall reads red with a minus sign, so colour is never the only cue. A
 * week still to come has collected nothing yet, so its (always negative) difference stays grey.
 */
function Difference(props: { cents: number; total?: boolean; muted?: boolean }) {
  const border = props.total ? 'border-slate-200 border-t py-3' : 'border-slate-100 border-b'
  return (
    <td className={`${numberCell} ${border} ${props.muted ? 'text-slate-500' : differenceTone(props.cents)}`}>
      {signed(props.cents)}
    </td>
  )
}

export function ExpectedPaymentsSkeleton() {
  return (
    <LoadingPage title={title} description={description}>
      <div className="mb-4 flex gap-4">
        <SkeletonBar className="h-10 w-56" />
        <SkeletonBar className="h-10 w-44" />
      </div>
      <SkeletonTable columns={6} rows={DEFAULT_WEEKS_BACK + 4} />
    </LoadingPage>
  )
}

export function ExpectedPaymentsError(props: { error: unknown }) {
  return <LoadFailedPage title={title} description={description} error={props.error} />
}

/** The screen's heading, for the route's other states (a gym outside the user's, …). */
export const expectedPaymentsScreen = { title, description }

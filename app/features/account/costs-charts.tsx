import { Cell, Column, Row, Table, TableBody, TableFrame, TableHeader } from '~/components/ui/table'
import type { AccountCosts } from '~/contracts/account-costs'
import { formatDate, formatDayAndMonth } from '~/lib/dates'
import { formatCents } from '~/lib/money'

type Week = AccountCosts['weeks'][number]

/**
 * A small bar chart drawn with CSS (the join pages load no chart library): one bar per week, its value
 * over it. Hidden from screen readers: the table that follows it holds the same figures.
 */
function WeekBars(props: {
  weeks: Week[]
  value: (week: Week) => number
  label: (week: Week) => string
  /** Values short enough to stand over a phone's narrow bars. */
  valuesOnPhone?: boolean
}) {
  const { weeks, value } = props
  const highest = Math.max(1, ...weeks.map(value))
  return (
    <div aria-hidden="true" className="flex flex-col gap-1">
      <div className="flex h-36 items-end gap-1 border-slate-300 border-b sm:gap-2">
        {weeks.map((week) => {
          const amount = value(week)
          return (
            <div key={week.starts_on} className="flex h-full min-w-0 flex-1 flex-col justify-end">
              <span
                className={`truncate text-center text-[10px] text-slate-600 tabular-nums sm:text-xs ${props.valuesOnPhone ? '' : 'invisible sm:visible'}`}
              >
                {amount > 0 ? props.label(week) : ''}
              </span>
              <div
                className="mt-0.5 rounded-t-sm bg-accent-600"
                style={{ height: `${(amount / highest) * 100}%` }}
              />
            </div>
          )
        })}
      </div>
      <div className="flex gap-1 sm:gap-2">
        {weeks.map((week, index) => (
          <span
            key={week.starts_on}
            className={`flex min-w-0 flex-1 whitespace-nowrap ${index === 0 ? 'justify-start' : index === weeks.length - 1 ? 'justify-end' : 'justify-center'} text-[10px] text-slate-500 sm:text-xs ${axisLabelShown(weeks.length - 1 - index)}`}
          >
            {formatDayAndMonth(week.starts_on)}
          </span>
        ))}
      </div>
    </div>
  )
}

/**
 * Which weeks the axis names, counted back from this one: every third on a phone, every other one wider,
 * each name centred under its bar and free to run over its unnamed neighbours.
 */
function axisLabelShown(weeksAgo: number): string {
  const onPhone = weeksAgo % 3 === 0
  const wider = weeksAgo % 2 === 0
  if (onPhone && wider) return ''
  if (onPhone) return 'sm:invisible'
  if (wider) return 'invisible sm:visible'
  return 'invisible'
}

/** "23 Nov – 29 Nov 2026": a week as the tables name it. */
function weekWords(week: Week): string {
  return `${formatDayAndMonth(week.starts_on)} – ${formatDate(week.ends_on)}`
}

/** Visits per week: the chart, then the table of the same figures. */
export function VisitsChart(props: { weeks: Week[] }) {
  const { weeks } = props
  return (
    <div className="flex flex-col gap-4">
      <WeekBars
        weeks={weeks}
        value={(week) => week.visits}
        label={(week) => String(week.visits)}
        valuesOnPhone
      />
      <TableFrame>
        <Table aria-label="Visits per week">
          <TableHeader>
            <Column>Week</Column>
            <Column align="end">Visits</Column>
          </TableHeader>
          <TableBody>
            {[...weeks].reverse().map((week) => (
              <Row key={week.starts_on}>
                <Cell isRowHeader className="py-2">
                  {weekWords(week)}
                </Cell>
                <Cell align="end" className="py-2">
                  {week.visits}
                </Cell>
              </Row>
            ))}
          </TableBody>
        </Table>
      </TableFrame>
    </div>
  )
}

/** What each week's visits cost: the chart, then the table (paid, visits, per visit). */
export function CostPerVisitChart(props: { weeks: Week[] }) {
  const { weeks } = props
  return (
    <div className="flex flex-col gap-4">
      <WeekBars
        weeks={weeks}
        value={(week) => week.cost_per_visit ?? 0}
        label={(week) => (week.cost_per_visit === null ? '' : formatWholeDollars(week.cost_per_visit))}
      />
      <TableFrame>
        <Table aria-label="Cost per visit per week">
          <TableHeader>
            <Column className="px-3">Week</Column>
            <Column align="end" className="px-3">
              Paid
            </Column>
            <Column align="end" className="px-3">
              Visits
            </Column>
            <Column align="end" className="px-3">
              Per visit
            </Column>
          </TableHeader>
          <TableBody>
            {[...weeks].reverse().map((week) => (
              <Row key={week.starts_on}>
                <Cell isRowHeader className="px-3 py-2">
                  {formatDayAndMonth(week.starts_on)}
                </Cell>
                <Cell align="end" className="px-3 py-2">
                  {formatCents(week.cost)}
                </Cell>
                <Cell align="end" className="px-3 py-2">
                  {week.visits}
                </Cell>
                <Cell align="end" className="px-3 py-2">
                  {week.cost_per_visit === null ? '—' : formatCents(week.cost_per_visit)}
                </Cell>
              </Row>
            ))}
          </TableBody>
        </Table>
      </TableFrame>
    </div>
  )
}

/** `$12` or `$12.50` over a bar, where space is short. */
function formatWholeDollars(cents: number): string {
  const text = formatCents(cents)
  return text.endsWith('.00') ? text.slice(0, -3) : text
}

import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ChevronLeft } from 'lucide-react'
import { Page } from '~/components/page'
import { Badge } from '~/components/ui/badge'
import { buttonStyles } from '~/components/ui/button'
import { Select, SelectItem } from '~/components/ui/select'
import { paymentStatusWords } from '~/contracts/member-states'
import { ChartWithTable, DataTable, Panel } from '~/features/dashboard/chart-card'
import { SimpleBarChart } from '~/features/dashboard/charts'
import { formatDate, formatDayAndMonth } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { memberQueries } from './queries'
import { activityRanges, type MemberActivitySearch } from './search'

/** members.activity (issue 15): how often the member comes, what they pay, and what a visit costs them. */
export function MemberActivityPage(props: { id: number; search: MemberActivitySearch; seesMoney: boolean }) {
  const weeks = props.search.weeks ?? 12
  const navigate = useNavigate()
  const { data: member } = useSuspenseQuery(memberQueries.member(props.id))
  const { data: visits } = useSuspenseQuery(memberQueries.weeklyVisits(props.id, weeks))
  const { data: periods } = useSuspenseQuery(memberQueries.periods(props.id, weeks))
  const totalVisits = visits.reduce((sum, week) => sum + week.visits, 0)
  const visitRows = visits.map((week) => ({ ...week, label: formatDayAndMonth(week.starts_on) }))
  return (
    <Page
      title={`${member.name}: activity`}
      description="Visits each week, the billing periods and, for admins, what each visit cost."
      actions={
        <Link
          to="/console/members/$id"
          params={{ id: props.id }}
          className={buttonStyles({ variant: 'secondary' })}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          {member.name}
        </Link>
      }
    >
      <div className="flex flex-col gap-4">
        <Select
          label="Range"
          className="w-full sm:w-56"
          value={weeks}
          onChange={(key) =>
            navigate({
              to: '/console/members/$id/activity',
              params: { id: props.id },
              search: { weeks: Number(key) },
            })
          }
        >
          {activityRanges.map((range) => (
            <SelectItem key={range} id={range}>{`Last ${range} weeks`}</SelectItem>
          ))}
        </Select>
        <div className="grid gap-4 lg:grid-cols-2">
          <Panel title="Visits per week" description={`${totalVisits} in ${weeks} weeks`}>
            <ChartWithTable
              summary={`Visits per week over the last ${weeks} weeks, ${totalVisits} in all`}
              chart={
                <SimpleBarChart data={visitRows} labelKey="label" valueKey="visits" valueName="Visits" />
              }
              caption="Visits per week"
              rows={visitRows}
              rowKey={(row) => row.starts_on}
              columns={[
                { header: 'Week of', cell: (row) => formatDate(row.starts_on) },
                { header: 'Visits', cell: (row) => row.visits, numeric: true },
              ]}
            />
          </Panel>
          {props.seesMoney ? <CostPerVisit id={props.id} weeks={weeks} /> : null}
        </div>
        <Panel title="Billing periods" description="Each payment of the range, by the period it pays for.">
          {periods.length === 0 ? (
            <p className="text-slate-600 text-sm">No payments in these weeks.</p>
          ) : (
            <DataTable
              caption="Billing periods"
              captionHidden
              rows={periods}
              rowKey={(row) => `${row.starts_on}-${row.ends_on}-${row.status_kind}`}
              columns={[
                {
                  header: 'Period',
                  cell: (row) =>
                    row.ends_on
                      ? `${formatDate(row.starts_on)} – ${formatDate(row.ends_on)}`
                      : formatDate(row.starts_on),
                },
                { header: 'Offering', cell: (row) => row.offering },
                ...(props.seesMoney
                  ? [
                      {
                        header: 'Charged',
                        cell: (row: (typeof periods)[number]) => formatCents(row.amount ?? 0),
                        numeric: true,
                      },
                    ]
                  : []),
                {
                  header: 'Payment',
                  cell: (row) => (
                    <Badge tone={paymentStatusWords[row.status_kind].tone}>
                      {paymentStatusWords[row.status_kind].label}
                    </Badge>
                  ),
                },
              ]}
            />
          )}
        </Panel>
      </div>
    </Page>
  )
}

function CostPerVisit(props: { id: number; weeks: number }) {
  const { data } = useSuspenseQuery(memberQueries.costPerVisit(props.id, props.weeks))
  const rows = data.map((week) => ({
    ...week,
    label: formatDayAndMonth(week.starts_on),
    perVisit: week.cost_per_visit ?? 0,
  }))
  const paid = data.reduce((sum, week) => sum + week.cost, 0)
  const visits = data.reduce((sum, week) => sum + week.visits, 0)
  const average = visits > 0 ? formatCents(Math.round(paid / visits)) : 'no visits'
  return (
    <Panel title="Cost per visit" description={`${formatCents(paid)} paid; ${average} a visit on average`}>
      <ChartWithTable
        summary={`Cost per visit each week over the last ${props.weeks} weeks; ${average} on average`}
        chart={
          <SimpleBarChart
            data={rows}
            labelKey="label"
            valueKey="perVisit"
            valueName="Per visit"
            format={formatCents}
          />
        }
        caption="Cost per visit per week"
        rows={rows}
        rowKey={(row) => row.starts_on}
        columns={[
          { header: 'Week of', cell: (row) => formatDate(row.starts_on) },
          { header: 'Paid', cell: (row) => formatCents(row.cost), numeric: true },
          { header: 'Visits', cell: (row) => row.visits, numeric: true },
          {
            header: 'Per visit',
            cell: (row) => (row.cost_per_visit === null ? '—' : formatCents(row.cost_per_visit)),
            numeric: true,
          },
        ]}
      />
    </Panel>
  )
}

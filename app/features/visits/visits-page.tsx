import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { DoorOpen } from 'lucide-react'
import { choiceFilter, dayRangeFilter, type ListFilter, namedChoices } from '~/components/lists/list-filters'
import { ListPage } from '~/components/lists/list-page'
import { NameCell } from '~/components/lists/name-cell'
import type { ListColumnMeta, ListFeatures } from '~/components/lists/sortable-table'
import { Badge } from '~/components/ui/badge'
import { visitRoutes } from '~/contracts/api/visits.routes'
import { type VisitRow, visitFromRangeMessage, visitRangeMessage } from '~/contracts/visits'
import { formatDate } from '~/lib/dates'
import { formatTime } from '~/lib/instants'
import { visitQueries as queries } from './queries'
import type { VisitsSearch } from './search'

const description = 'Who came in, and who the door turned away.'

/** visits.index (issue 16): the entries at the user's gyms, filtered and sorted by the address. */
export function VisitsPage(props: { search: VisitsSearch; gyms: Array<{ id: number; name: string }> }) {
  const { search } = props
  const navigate = useNavigate()
  const { data: page } = useSuspenseQuery(queries.list(search))
  return (
    <ListPage
      title="Visits"
      description={description}
      noun={{ one: 'visit', many: 'visits' }}
      search={search}
      link={(link) => <Link to="/console/visits" {...link} />}
      exportRoute={visitRoutes.export}
      filters={{
        navigate: (next, replace) => navigate({ to: '/console/visits', search: next, replace }),
        text: 'Member’s name or e-mail',
        fields: visitFilters(props.gyms),
      }}
      page={page}
      columns={columns}
      sort={search.sort ?? '-visited_at'}
      empty={{
        icon: DoorOpen,
        title: 'No visits yet',
        text: 'Visits appear here as members open the doors of a gym whose doors record visits.',
      }}
    />
  )
}

/** The toolbar's filters; on a phone all but the member's name fold away. */
function visitFilters(gyms: Array<{ id: number; name: string }>): Array<ListFilter<VisitsSearch>> {
  return [
    choiceFilter('successful', {
      label: 'Result',
      any: 'Entered and refused',
      choices: [
        { id: 'entered', value: true, label: 'Entered' },
        { id: 'refused', value: false, label: 'Refused' },
      ],
    }),
    choiceFilter('gym_id', {
      label: 'Gym',
      any: 'All my gyms',
      choices: namedChoices(gyms),
      shown: gyms.length > 1,
    }),
    dayRangeFilter(['from', 'to'], {
      labels: { from: 'From', to: 'To' },
      messages: { from: visitFromRangeMessage, to: visitRangeMessage },
    }),
  ]
}

const column = createColumnHelper<ListFeatures, VisitRow>()

const columns = column.columns([
  column.accessor('visited_at', {
    header: 'When',
    meta: { sort: { key: 'visited_at', descendingFirst: true } } satisfies ListColumnMeta,
    cell: (info) => (
      <div className="whitespace-nowrap">
        <p>{formatDate(info.getValue())}</p>
        <p className="text-slate-600 text-xs">{formatTime(info.getValue())}</p>
      </div>
    ),
  }),
  column.accessor('member', {
    header: 'Member',
    meta: { sort: { key: 'member' } } satisfies ListColumnMeta,
    cell: ({ row: { original: visit } }) => (
      <NameCell
        to="/console/members/$id"
        tab="visits"
        person={visit.member}
        width="max-w-40"
        subtitle={visit.door ? `${visit.gym.name} · ${visit.door.name}` : visit.gym.name}
      />
    ),
  }),
  column.accessor('successful', {
    header: 'Result',
    cell: (info) => {
      const visit = info.row.original
      return visit.successful ? (
        <Badge tone="green">Entered</Badge>
      ) : (
        <div className="flex flex-col items-start gap-1">
          <Badge tone="red">Refused</Badge>
          {visit.refused_reason ? <p className="text-red-800 text-xs">{visit.refused_reason}</p> : null}
        </div>
      )
    },
  }),
])

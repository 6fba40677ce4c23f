import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { DoorOpen } from 'lucide-react'
import { ExportCsvButton } from '~/components/lists/export-csv-button'
import { hasListFilters } from '~/components/lists/filter-toolbar'
import { ListFooter } from '~/components/lists/list-footer'
import {
  type ListColumnMeta,
  type ListFeatures,
  SortableTable,
  sortLinkClass,
} from '~/components/lists/sortable-table'
import { Page } from '~/components/page'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { linkStyles } from '~/components/ui/link'
import type { VisitRow } from '~/contracts/visits'
import { formatDate, formatTime } from '~/lib/dates'
import { visitQueries as queries } from './queries'
import type { VisitsSearch } from './search'
import { VisitFilters } from './visit-filters-toolbar'

const description = 'Who came in, and who the door turned away.'
const noun = { one: 'visit', many: 'visits' }

/** visits.index (issue 16): the entries at the user's gyms, filtered and sorted by the address. */
export function VisitsPage(props: { search: VisitsSearch; gyms: Array<{ id: number; name: string }> }) {
  const { search } = props
  const { data: page } = useSuspenseQuery(queries.list(search))
  return (
    <Page
      title="Visits"
      description={description}
      actions={
        <ExportCsvButton endpoint="/api/visits/export" filters={search} total={page.meta.total} noun={noun} />
      }
    >
      <div className="flex flex-col gap-4">
        <VisitFilters search={search} gyms={props.gyms} />
        {page.data.length === 0 ? (
          <EmptyVisits search={search} />
        ) : (
          <SortableTable
            label="Visits"
            columns={columns}
            rows={page.data}
            sort={search.sort ?? '-visited_at'}
            sortLink={(sort, children) => (
              <Link
                to="/console/visits"
                search={{ ...search, sort, page: undefined }}
                className={sortLinkClass}
              >
                {children}
              </Link>
            )}
          />
        )}
        <ListFooter
          meta={page.meta}
          noun={noun}
          pageLink={(link) => (
            <Link
              to="/console/visits"
              search={{ ...search, page: link.page }}
              disabled={link.disabled}
              className={link.className}
            >
              {link.children}
            </Link>
          )}
        />
      </div>
    </Page>
  )
}

function EmptyVisits(props: { search: VisitsSearch }) {
  const navigate = useNavigate()
  return (
    <Card>
      <div className="flex items-start gap-3">
        <DoorOpen aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
        {hasListFilters(props.search) ? (
          <div>
            <p className="font-medium text-slate-900">No visits match these filters</p>
            <p className="mt-1 text-slate-600 text-sm">
              Try fewer filters, or{' '}
              <button
                type="button"
                className={linkStyles()}
                onClick={() => navigate({ to: '/console/visits', search: {} })}
              >
                show every visit
              </button>
              .
            </p>
          </div>
        ) : (
          <div>
            <p className="font-medium text-slate-900">No visits yet</p>
            <p className="mt-1 text-slate-600 text-sm">
              Visits appear here as members open the doors of a gym whose doors record visits.
            </p>
          </div>
        )}
      </div>
    </Card>
  )
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
    cell: (info) => {
      const visit = info.row.original
      return (
        <div className="min-w-0 max-w-40 sm:max-w-none">
          <Link
            to="/console/members/$id"
            params={{ id: visit.member.id }}
            search={{ tab: 'visits' }}
            className={linkStyles({ className: 'font-medium' })}
          >
            {visit.member.name}
          </Link>
          <p className="truncate text-slate-600 text-xs">
            {visit.door ? `${visit.gym.name} · ${visit.door.name}` : visit.gym.name}
          </p>
        </div>
      )
    },
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

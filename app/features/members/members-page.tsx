import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { Plus, UserRoundSearch } from 'lucide-react'
import { ExportCsvButton } from '~/components/lists/export-csv-button'
import { hasListFilters } from '~/components/lists/filter-toolbar'
import { ListFooter } from '~/components/lists/list-footer'
import {
  type ListColumnMeta,
  type ListFeatures,
  SortableTable,
  sortLinkClass,
} from '~/components/lists/sortable-table'
import { MemberPhoto } from '~/components/member-photo'
import { Page } from '~/components/page'
import { Badge } from '~/components/ui/badge'
import { buttonStyles } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { linkStyles } from '~/components/ui/link'
import type { MemberState } from '~/contracts/billing-debugging'
import { frequencyWords } from '~/contracts/frequency-words'
import { memberStateWords } from '~/contracts/member-states'
import type { MemberFilterOptions, MemberFilterState, MemberRow } from '~/contracts/members'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { MemberFilters } from './member-filters-toolbar'
import { memberQueries } from './queries'
import type { MembersSearch } from './search'

const title = 'Members'
const description = 'Everyone who has joined your gyms: find them, see how they stand, and export the list.'

/** members.index (issue 15): the members in the user's gyms, filtered and sorted by the address. */
export function MembersPage(props: { search: MembersSearch; seesMoney: boolean }) {
  const { search } = props
  const { data: options } = useSuspenseQuery(memberQueries.filterOptions())
  // Balances, prices and the balance filter: of the gyms shown, for those who run them all (ADR 032).
  const listOptions = { ...options, sees_money: props.seesMoney }
  const { data: page } = useSuspenseQuery(memberQueries.list(search))
  return (
    <Page
      title={title}
      description={description}
      actions={
        <>
          <ExportCsvButton
            endpoint="/api/members/export"
            filters={search}
            total={page.meta.total}
            noun={{ one: 'member', many: 'members' }}
          />
          {/* Members are added by those who run a gym: the same people who see money (ADR 014). */}
          {options.sees_money ? (
            <Link to="/console/members/create" className={buttonStyles({ variant: 'primary' })}>
              <Plus aria-hidden="true" className="size-4" />
              Add member
            </Link>
          ) : null}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <MemberFilters search={search} options={listOptions} />
        {page.data.length === 0 ? (
          <EmptyMembers search={search} />
        ) : (
          <MembersTable rows={page.data} search={search} options={listOptions} />
        )}
        <ListFooter
          meta={page.meta}
          noun={{ one: 'member', many: 'members' }}
          pageLink={(link) => (
            <Link
              to="/console/members"
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

/** No members: with filters, a way back to everyone; without, how members arrive. */
function EmptyMembers(props: { search: MembersSearch }) {
  const navigate = useNavigate()
  if (hasListFilters(props.search)) {
    return (
      <Card>
        <div className="flex items-start gap-3">
          <UserRoundSearch aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
          <div>
            <p className="font-medium text-slate-900">No members match these filters</p>
            <p className="mt-1 text-slate-600 text-sm">
              Try fewer filters, or{' '}
              <button
                type="button"
                className={linkStyles()}
                onClick={() => navigate({ to: '/console/members', search: {} })}
              >
                show every member
              </button>
              .
            </p>
          </div>
        </div>
      </Card>
    )
  }
  return (
    <Card>
      <p className="font-medium text-slate-900">No members yet</p>
      <p className="mt-1 text-slate-600 text-sm">
        Members appear here when they join through your gym’s join page, or when you add one with Add member.
      </p>
    </Card>
  )
}

const column = createColumnHelper<ListFeatures, MemberRow>()

interface ColumnMeta extends ListColumnMeta {
  money?: boolean
}

const allColumns = column.columns([
  column.accessor('name', {
    header: 'Member',
    meta: { sort: { key: 'name' } } satisfies ColumnMeta,
    cell: (info) => {
      const member = info.row.original
      return (
        <div className="flex min-w-0 items-center gap-3">
          <MemberPhoto url={member.profile_picture} name={member.name} />
          <div className="min-w-0 max-w-36 sm:max-w-none">
            <Link
              to="/console/members/$id"
              params={{ id: member.id }}
              className={linkStyles({ className: 'font-medium' })}
            >
              {member.name}
            </Link>
            <p className="truncate text-slate-600 text-xs">{member.email}</p>
            {member.mobile_number ? (
              <p className="hidden text-slate-600 text-xs sm:block">{member.mobile_number}</p>
            ) : null}
          </div>
        </div>
      )
    },
  }),
  column.display({
    id: 'state',
    header: 'State',
    cell: (info) => (
      <StateBadge row={info.row.original} filteredState={filteredStateOf(info.table.options.meta)} />
    ),
  }),
  column.display({
    id: 'membership',
    header: 'Membership',
    meta: { hideOnPhone: true } satisfies ColumnMeta,
    cell: (info) => {
      const member = info.row.original
      return (
        <div className="min-w-0">
          <p>{member.offering?.name ?? '—'}</p>
          <p className="text-slate-600 text-xs">
            {[
              member.gym?.name,
              member.price?.amount != null
                ? `${formatCents(member.price.amount)} ${frequencyWords[member.price.billing_frequency]}`
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      )
    },
  }),
  column.accessor('balance_owing', {
    header: 'Owing',
    meta: {
      align: 'end',
      hideOnPhone: true,
      money: true,
      sort: { key: 'balance', descendingFirst: true },
    } satisfies ColumnMeta,
    cell: (info) => {
      const owing = info.getValue() ?? 0
      return owing > 0 ? <span className="font-medium text-red-800">{formatCents(owing)}</span> : '—'
    },
  }),
  column.accessor('last_visit_at', {
    header: 'Last visit',
    meta: { hideOnPhone: true, sort: { key: 'last_visit', descendingFirst: true } } satisfies ColumnMeta,
    cell: (info) => (info.getValue() ? formatDate(info.getValue()) : 'Never'),
  }),
  column.accessor('joined_at', {
    header: 'Joined',
    meta: { hideOnPhone: true, sort: { key: 'joined', descendingFirst: true } } satisfies ColumnMeta,
    cell: (info) => formatDate(info.getValue()),
  }),
])
const columnsWithoutMoney = allColumns.filter((entry) => !(entry.meta as ColumnMeta | undefined)?.money)

/**
 * The state in words, in the card's colour (SPEC §4: never colour alone). A member may hold more than
 * one state (paused and cancelled): the badge shows the one that matters most, and the one the list is
 * filtered by beside it, so a filtered list never seems to show the wrong people.
 */
function StateBadge(props: { row: MemberRow; filteredState: MemberState | undefined }) {
  const words = memberStateWords[props.row.state]
  const tone = props.row.card_colour ?? words.tone
  const also =
    props.filteredState &&
    props.filteredState !== props.row.state &&
    props.row.states.includes(props.filteredState)
      ? memberStateWords[props.filteredState]
      : null
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="flex flex-wrap gap-1">
        <Badge tone={tone}>{words.label}</Badge>
        {also ? <Badge tone={also.tone}>{also.label}</Badge> : null}
      </span>
      {props.row.tags.length > 0 ? (
        <span className="flex flex-wrap gap-1">
          {props.row.tags.map((tag) => (
            <span key={tag} className="rounded bg-slate-100 px-1.5 text-slate-700 text-xs">
              {tag}
            </span>
          ))}
        </span>
      ) : null}
    </span>
  )
}

function MembersTable(props: { rows: MemberRow[]; search: MembersSearch; options: MemberFilterOptions }) {
  return (
    <SortableTable
      label="Members"
      columns={props.options.sees_money ? allColumns : columnsWithoutMoney}
      rows={props.rows}
      meta={{ filteredState: props.search.state }}
      sort={props.search.sort ?? 'name'}
      sortLink={(sort, children) => (
        <Link
          to="/console/members"
          search={{ ...props.search, sort, page: undefined }}
          className={sortLinkClass}
        >
          {children}
        </Link>
      )}
    />
  )
}

/** The list's state filter as a display state (cancelling is a kind of cancelled). */
function filteredStateOf(meta: unknown): MemberState | undefined {
  const state =
    typeof meta === 'object' && meta !== null && 'filteredState' in meta
      ? (meta.filteredState as MemberFilterState | undefined)
      : undefined
  if (state === undefined) return undefined
  if (state === 'cancelling') return 'cancelled'
  if (state === 'no_subscription') return 'no_membership'
  return state
}

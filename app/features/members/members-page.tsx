import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { Plus, UserRoundSearch } from 'lucide-react'
import {
  choiceFilter,
  choicesOf,
  dayRangeFilter,
  type ListFilter,
  namedChoices,
} from '~/components/lists/list-filters'
import { ListPage } from '~/components/lists/list-page'
import { NameCell } from '~/components/lists/name-cell'
import type { ListColumnMeta, ListFeatures } from '~/components/lists/sortable-table'
import { Badge } from '~/components/ui/badge'
import { buttonStyles } from '~/components/ui/button'
import { memberRoutes } from '~/contracts/api/members.routes'
import type { MemberState } from '~/contracts/billing-debugging'
import { frequencyWords } from '~/contracts/frequency-words'
import { memberFilterStates } from '~/contracts/member-filters'
import { memberFilterStateLabels, memberStateWords } from '~/contracts/member-states'
import {
  joinedFromRangeMessage,
  joinedRangeMessage,
  type MemberFilterOptions,
  type MemberFilterState,
  type MemberRow,
} from '~/contracts/members'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { memberQueries } from './queries'
import type { MembersSearch } from './search'

const title = 'Members'
const description = 'Everyone who has joined your gyms: find them, see how they stand, and export the list.'

/** members.index (issue 15): the members in the user's gyms, filtered and sorted by the address. */
export function MembersPage(props: { search: MembersSearch; seesMoney: boolean }) {
  const { search } = props
  const navigate = useNavigate()
  const { data: options } = useSuspenseQuery(memberQueries.filterOptions())
  // Balances, prices and the balance filter: of the gyms shown, for those who run them all (ADR 032).
  const listOptions = { ...options, sees_money: props.seesMoney }
  const { data: page } = useSuspenseQuery(memberQueries.list(search))
  return (
    <ListPage
      title={title}
      description={description}
      noun={{ one: 'member', many: 'members' }}
      search={search}
      link={(link) => <Link to="/console/members" {...link} />}
      exportRoute={memberRoutes.export}
      actions={
        // Members are added by those who run a gym: the same people who see money (ADR 014).
        options.sees_money ? (
          <Link to="/console/members/create" className={buttonStyles({ variant: 'primary' })}>
            <Plus aria-hidden="true" className="size-4" />
            Add member
          </Link>
        ) : null
      }
      filters={{
        navigate: (next, replace) => navigate({ to: '/console/members', search: next, replace }),
        text: 'Name, e-mail or mobile',
        fields: memberFilters(search, listOptions),
      }}
      page={page}
      columns={listOptions.sees_money ? allColumns : columnsWithoutMoney}
      tableMeta={{ filteredState: search.state }}
      sort={search.sort ?? 'name'}
      empty={{
        title: 'No members yet',
        text: 'Members appear here when they join through your gym’s join page, or when you add one with Add member.',
      }}
      noMatches={{ icon: UserRoundSearch }}
    />
  )
}

const notVisitedChoices = [7, 14, 30, 60, 90]

/** The toolbar's filters; a tag or day count the address holds is offered even when the lists lack it. */
function memberFilters(
  search: MembersSearch,
  options: MemberFilterOptions,
): Array<ListFilter<MembersSearch>> {
  const tags =
    search.tag === undefined || options.tags.includes(search.tag)
      ? options.tags
      : [...options.tags, search.tag]
  const days =
    search.not_visited_days === undefined || notVisitedChoices.includes(search.not_visited_days)
      ? notVisitedChoices
      : [...notVisitedChoices, search.not_visited_days]
  return [
    choiceFilter('state', {
      label: 'State',
      any: 'Any state',
      choices: choicesOf(memberFilterStates, memberFilterStateLabels),
    }),
    choiceFilter('gym_id', {
      label: 'Gym',
      any: 'All my gyms',
      choices: namedChoices(options.gyms),
      shown: options.gyms.length > 1,
    }),
    choiceFilter('offering_id', {
      label: 'Offering',
      any: 'Any offering',
      choices: namedChoices(options.offerings),
    }),
    choiceFilter('tag', {
      label: 'Tag',
      any: 'Any tag',
      choices: tags.map((tag) => ({ value: tag, label: tag })),
      shown: tags.length > 0,
    }),
    choiceFilter('not_visited_days', {
      label: 'Not visited for',
      any: 'Any time',
      choices: days.map((count) => ({ value: count, label: `${count} days or more` })),
    }),
    choiceFilter('owing', {
      label: 'Balance',
      any: 'Any balance',
      choices: [
        { id: 'owing', value: true, label: 'Owes money' },
        { id: 'paid', value: false, label: 'Owes nothing' },
      ],
      shown: options.sees_money,
    }),
    dayRangeFilter(['joined_from', 'joined_to'], {
      labels: { from: 'Joined from', to: 'Joined to' },
      messages: { from: joinedFromRangeMessage, to: joinedRangeMessage },
    }),
  ]
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
        <NameCell
          to="/console/members/$id"
          person={member}
          photo={member.profile_picture}
          width="max-w-36"
          subtitle={member.email}
        >
          {member.mobile_number ? (
            <p className="hidden text-slate-600 text-xs sm:block">{member.mobile_number}</p>
          ) : null}
        </NameCell>
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
    meta: { hideBelow: 'md' } satisfies ColumnMeta,
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
      hideBelow: 'md',
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
    meta: { hideBelow: 'md', sort: { key: 'last_visit', descendingFirst: true } } satisfies ColumnMeta,
    cell: (info) => (info.getValue() ? formatDate(info.getValue()) : 'Never'),
  }),
  column.accessor('joined_at', {
    header: 'Joined',
    meta: { hideBelow: 'md', sort: { key: 'joined', descendingFirst: true } } satisfies ColumnMeta,
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

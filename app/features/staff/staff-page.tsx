import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { UserCog } from 'lucide-react'
import { choiceFilter, choicesOf, type ListFilter, namedChoices } from '~/components/lists/list-filters'
import { ListPage } from '~/components/lists/list-page'
import type { ListColumnMeta, ListFeatures } from '~/components/lists/sortable-table'
import { MemberPhoto } from '~/components/member-photo'
import { linkStyles } from '~/components/ui/link'
import type { StaffMember } from '~/contracts/staff'
import { staffStatuses } from '~/contracts/staff-filters'
import { formatDate } from '~/lib/dates'
import { InviteStaffButton } from './invite-staff-form'
import { staffQueries } from './queries'
import type { StaffSearch } from './search'
import { StaffRoles, StaffStatusBadge } from './staff-words'

export const staffDescription = 'Who works at your gyms, their role at each, and their invitations.'

/** staff.index (issue 17): the organisation's staff, filtered and sorted by the address. */
export function StaffPage(props: {
  search: StaffSearch
  organisationId: number
  gyms: Array<{ id: number; name: string }>
}) {
  const { search } = props
  const navigate = useNavigate()
  const { data: page } = useSuspenseQuery(staffQueries.list(props.organisationId, search))
  return (
    <ListPage
      title="Staff"
      description={staffDescription}
      actions={<InviteStaffButton organisationId={props.organisationId} gyms={props.gyms} />}
      noun={{ one: 'staff member', many: 'staff members' }}
      search={search}
      link={(link) => <Link to="/console/staff" {...link} />}
      filters={{
        navigate: (next, replace) => navigate({ to: '/console/staff', search: next, replace }),
        text: 'Name or e-mail',
        fields: staffFilters(props.gyms),
      }}
      page={page}
      columns={columns}
      sort={search.sort ?? 'name'}
      empty={{
        icon: UserCog,
        title: 'No staff yet',
        text: 'Invite your team with “Invite staff”: each gets an e-mail to set their password.',
      }}
      noMatches={{
        title: 'No staff match these filters',
        text: 'Try fewer filters, or clear them to see everyone.',
      }}
    />
  )
}

function staffFilters(gyms: Array<{ id: number; name: string }>): Array<ListFilter<StaffSearch>> {
  return [
    choiceFilter('status', {
      label: 'Status',
      any: 'Active and invited',
      choices: choicesOf(staffStatuses, {
        active: 'Active',
        invited: 'Invited, not signed up yet',
        deactivated: 'Deactivated',
      }),
    }),
    choiceFilter('gym_id', {
      label: 'Gym',
      any: 'Every gym',
      choices: namedChoices(gyms),
      shown: gyms.length > 1,
    }),
  ]
}

const column = createColumnHelper<ListFeatures, StaffMember>()

const columns = column.columns([
  column.accessor('name', {
    header: 'Name',
    meta: { sort: { key: 'name' } } satisfies ListColumnMeta,
    cell: (info) => {
      const staff = info.row.original
      return (
        <div className="flex min-w-0 items-center gap-3">
          <MemberPhoto url={staff.profile_picture} name={staff.name} />
          <div className="min-w-0 max-w-44 sm:max-w-none">
            <Link
              to="/console/staff/$id"
              params={{ id: staff.id }}
              className={linkStyles({ className: 'font-medium' })}
            >
              {staff.name}
            </Link>
            <p className="truncate text-slate-600 text-xs">{staff.email}</p>
          </div>
        </div>
      )
    },
  }),
  column.accessor('role', {
    header: 'Role',
    meta: { hideBelow: 'md' } satisfies ListColumnMeta,
    cell: (info) => <StaffRoles staff={info.row.original} />,
  }),
  column.accessor('pending_invite', {
    header: 'Status',
    cell: (info) => <StaffStatusBadge staff={info.row.original} />,
  }),
  column.accessor('visits_count', {
    header: 'Visits',
    meta: { align: 'end', hideBelow: 'md' } satisfies ListColumnMeta,
    cell: (info) => <span className="tabular-nums">{info.getValue().toLocaleString('en-NZ')}</span>,
  }),
  column.accessor('created_at', {
    header: 'Added',
    meta: { sort: { key: 'created_at', descendingFirst: true }, hideBelow: 'md' } satisfies ListColumnMeta,
    cell: (info) => <span className="whitespace-nowrap">{formatDate(info.getValue())}</span>,
  }),
])

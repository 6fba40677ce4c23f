import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { UserCog } from 'lucide-react'
import { choiceFilter, choicesOf, type ListFilter, namedChoices } from '~/components/lists/list-filters'
import { ListPage } from '~/components/lists/list-page'
import { NameCell } from '~/components/lists/name-cell'
import type { ListColumnMeta, ListFeatures } from '~/components/lists/sortable-table'
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
    cell: ({ row: { original: staff } }) => (
      <NameCell
        to="/console/staff/$id"
        person={staff}
        photo={staff.profile_picture}
        width="max-w-44"
        subtitle={staff.email}
      />
    ),
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

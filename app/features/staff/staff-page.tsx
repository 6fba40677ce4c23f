import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { UserCog } from 'lucide-react'
import { FilterToolbar, hasListFilters } from '~/components/lists/filter-toolbar'
import { ListFooter } from '~/components/lists/list-footer'
import {
  type ListColumnMeta,
  type ListFeatures,
  SortableTable,
  sortLinkClass,
} from '~/components/lists/sortable-table'
import { useTextFilter } from '~/components/lists/use-text-filter'
import { MemberPhoto } from '~/components/member-photo'
import { Page } from '~/components/page'
import { Card } from '~/components/ui/card'
import { linkStyles } from '~/components/ui/link'
import { Select, SelectItem } from '~/components/ui/select'
import type { StaffMember } from '~/contracts/staff'
import { formatDate } from '~/lib/dates'
import { InviteStaffButton } from './invite-staff-form'
import { staffQueries } from './queries'
import type { StaffSearch } from './search'
import { StaffRoles, StaffStatusBadge } from './staff-words'

export const staffDescription = 'Who works at your gyms, their role at each, and their invitations.'
const noun = { one: 'staff member', many: 'staff members' }
const any = 'any'

/** staff.index (issue 17): the organisation's staff, filtered and sorted by the address. */
export function StaffPage(props: {
  search: StaffSearch
  organisationId: number
  gyms: Array<{ id: number; name: string }>
}) {
  const { search } = props
  const { data: page } = useSuspenseQuery(staffQueries.list(props.organisationId, search))
  return (
    <Page
      title="Staff"
      description={staffDescription}
      actions={<InviteStaffButton organisationId={props.organisationId} gyms={props.gyms} />}
    >
      <div className="flex flex-col gap-4">
        <StaffFilters search={search} gyms={props.gyms} />
        {page.data.length === 0 ? (
          <EmptyStaff search={search} />
        ) : (
          <SortableTable
            label="Staff"
            columns={columns}
            rows={page.data}
            sort={search.sort ?? 'name'}
            sortLink={(sort, children) => (
              <Link
                to="/console/staff"
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
              to="/console/staff"
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

function StaffFilters(props: { search: StaffSearch; gyms: Array<{ id: number; name: string }> }) {
  const { search, gyms } = props
  const navigate = useNavigate()
  const apply = (changes: Partial<StaffSearch>, replace = false) =>
    navigate({ to: '/console/staff', search: { ...search, ...changes, page: undefined }, replace })
  const [text, setText] = useTextFilter(search.search, (settled) => void apply({ search: settled }, true))
  return (
    <FilterToolbar
      search={search}
      textLabel="Name or e-mail"
      text={text}
      onTextChange={setText}
      onClear={() => {
        setText('')
        void navigate({ to: '/console/staff', search: { sort: search.sort } })
      }}
    >
      <Select
        label="Status"
        value={search.status ?? any}
        onChange={(key) =>
          apply({ status: key === 'active' || key === 'invited' || key === 'deactivated' ? key : undefined })
        }
      >
        <SelectItem id={any}>Active and invited</SelectItem>
        <SelectItem id="active">Active</SelectItem>
        <SelectItem id="invited">Invited, not signed up yet</SelectItem>
        <SelectItem id="deactivated">Deactivated</SelectItem>
      </Select>
      {gyms.length > 1 ? (
        <Select
          label="Gym"
          value={search.gym_id ?? any}
          onChange={(key) => apply({ gym_id: key === any ? undefined : Number(key) })}
        >
          <SelectItem id={any}>Every gym</SelectItem>
          {gyms.map((gym) => (
            <SelectItem key={gym.id} id={gym.id}>
              {gym.name}
            </SelectItem>
          ))}
        </Select>
      ) : null}
    </FilterToolbar>
  )
}

function EmptyStaff(props: { search: StaffSearch }) {
  return (
    <Card>
      <div className="flex items-start gap-3">
        <UserCog aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
        <div>
          <p className="font-medium text-slate-900">
            {hasListFilters(props.search) ? 'No staff match these filters' : 'No staff yet'}
          </p>
          <p className="mt-1 text-slate-600 text-sm">
            {hasListFilters(props.search)
              ? 'Try fewer filters, or clear them to see everyone.'
              : 'Invite your team with “Invite staff”: each gets an e-mail to set their password.'}
          </p>
        </div>
      </div>
    </Card>
  )
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
    meta: { hideOnPhone: true } satisfies ListColumnMeta,
    cell: (info) => <StaffRoles staff={info.row.original} />,
  }),
  column.accessor('pending_invite', {
    header: 'Status',
    cell: (info) => <StaffStatusBadge staff={info.row.original} />,
  }),
  column.accessor('visits_count', {
    header: 'Visits',
    meta: { align: 'end', hideOnPhone: true } satisfies ListColumnMeta,
    cell: (info) => <span className="tabular-nums">{info.getValue().toLocaleString('en-NZ')}</span>,
  }),
  column.accessor('created_at', {
    header: 'Added',
    meta: { sort: { key: 'created_at', descendingFirst: true }, hideOnPhone: true } satisfies ListColumnMeta,
    cell: (info) => <span className="whitespace-nowrap">{formatDate(info.getValue())}</span>,
  }),
])

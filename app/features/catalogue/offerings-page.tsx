import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { createColumnHelper, flexRender, tableFeatures, useTable } from '@tanstack/react-table'
import { Plus } from 'lucide-react'
import { ListFooter } from '~/components/lists/list-footer'
import { Page } from '~/components/page'
import { OutsideGymsPage } from '~/components/page-states'
import { Badge } from '~/components/ui/badge'
import { buttonStyles } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { linkStyles } from '~/components/ui/link'
import { Cell, Column, Row, Table, TableBody, TableFrame, TableHeader } from '~/components/ui/table'
import type { SessionUser } from '~/contracts/auth'
import type { OfferingSummary } from '~/contracts/catalogue'
import { isOutsideGyms } from '~/features/auth/route-guard'
import { catalogueQueries, type OfferingsSearch, offeringsGymId } from './queries'

const title = 'Offerings'

/** Whether the user may start a new offering (ADR 013); the API decides for each gym. */
export function canCreateOfferings(user: SessionUser): boolean {
  return user.current_organisation?.role === 'admin' || user.gyms.some((gym) => gym.role === 'admin')
}

export function OfferingsPage(props: { user: SessionUser; search: OfferingsSearch }) {
  const { user, search } = props
  const gymId = offeringsGymId(user, search)
  const gym = user.gyms.find((candidate) => candidate.id === gymId)
  const newOffering = canCreateOfferings(user) ? (
    <Link to="/console/offerings/create" className={buttonStyles({ variant: 'primary' })}>
      <Plus aria-hidden="true" className="size-4" />
      New offering
    </Link>
  ) : null
  if (isOutsideGyms(user, search.gym_id)) {
    return (
      <OutsideGymsPage
        title={title}
        description="Membership types and their prices."
        gyms={user.gyms}
        to="/console/offerings"
      />
    )
  }
  if (!gym) {
    return (
      <Page title={title} description="Membership types and their prices.">
        <Card>
          <p className="font-medium">You have no gyms yet</p>
          <p className="mt-1 text-slate-600 text-sm">
            Offerings are sold at gyms. Ask an organisation admin to add you to one.
          </p>
        </Card>
      </Page>
    )
  }
  return (
    <Page
      title={title}
      description={`Membership types sold at ${gym.name}, with their prices and members.`}
      actions={newOffering}
    >
      <OfferingsList
        user={user}
        search={search}
        gymId={gym.id}
        gymName={gym.name}
        canCreate={newOffering !== null}
      />
    </Page>
  )
}

function OfferingsList(props: {
  user: SessionUser
  search: OfferingsSearch
  gymId: number
  gymName: string
  canCreate: boolean
}) {
  const { search, gymId } = props
  const archived = search.archived ?? false
  const { data: page } = useSuspenseQuery(
    catalogueQueries.gymOfferings({ gym_id: gymId, archived, page: search.page ?? 1 }),
  )
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <nav aria-label="Offering status" className="flex gap-1 border-slate-200 border-b">
          {[
            { label: 'Active', value: false },
            { label: 'Archived', value: true },
          ].map((tab) => (
            <Link
              key={tab.label}
              to="/console/offerings"
              search={{ ...search, archived: tab.value || undefined, page: undefined }}
              aria-current={archived === tab.value ? 'page' : undefined}
              className={`-mb-px border-b-2 px-3 py-2 font-medium text-sm no-underline ${
                archived === tab.value
                  ? 'border-accent-600 text-accent-800'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
              }`}
            >
              {tab.label}
            </Link>
          ))}
        </nav>
      </div>

      {page.data.length === 0 ? (
        <Card>
          <p className="font-medium text-slate-900">
            {archived ? `No archived offerings at ${props.gymName}` : `No offerings at ${props.gymName} yet`}
          </p>
          <p className="mt-1 text-slate-600 text-sm">
            {archived
              ? 'Offerings you archive appear here; their members keep their memberships.'
              : props.canCreate
                ? 'Create an offering and give it prices to start selling memberships.'
                : 'An admin creates offerings; they appear here once they are on sale at this gym.'}
          </p>
        </Card>
      ) : (
        <OfferingsTable rows={page.data} />
      )}

      <ListFooter
        meta={page.meta}
        noun={{ one: 'offering', many: 'offerings' }}
        pageLink={(link) => (
          <Link
            to="/console/offerings"
            search={{ ...search, page: link.page }}
            disabled={link.disabled}
            className={link.className}
          >
            {link.children}
          </Link>
        )}
      />
    </div>
  )
}

const features = tableFeatures({})
const column = createColumnHelper<typeof features, OfferingSummary>()

/** The columns, defined once (TanStack Table); the kit's table draws them. */
const columns = column.columns([
  column.accessor('name', {
    header: 'Name',
    cell: (info) => {
      const offering = info.row.original
      return (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to="/console/offerings/$id"
              params={{ id: offering.id }}
              className={linkStyles({ className: 'font-medium' })}
            >
              {offering.name}
            </Link>
            {offering.archived_at ? <Badge>Archived</Badge> : null}
          </div>
          {offering.description ? (
            <p className="mt-0.5 line-clamp-1 text-slate-600 text-xs">{offering.description}</p>
          ) : null}
        </>
      )
    },
  }),
  column.accessor('display_type', { header: 'Type' }),
  column.display({
    id: 'gyms',
    header: 'Gyms',
    meta: { hideOnPhone: true },
    cell: (info) =>
      info.row.original.all_gyms_access
        ? 'All gyms'
        : info.row.original.gyms.map((gym) => gym.name).join(', '),
  }),
  column.accessor('prices_count', { header: 'Prices', meta: { align: 'end' } }),
  column.accessor('memberships_count', { header: 'Members', meta: { align: 'end' } }),
])

function OfferingsTable(props: { rows: OfferingSummary[] }) {
  const table = useTable<typeof features, OfferingSummary>({
    features,
    columns,
    data: props.rows,
  })
  return (
    <TableFrame>
      <Table aria-label="Offerings">
        <TableHeader>
          {table.getFlatHeaders().map((header) => (
            <Column
              key={header.id}
              align={alignOf(header.column.columnDef.meta)}
              className={phoneClass(header.column.columnDef.meta)}
            >
              {flexRender(header.column.columnDef.header, header.getContext())}
            </Column>
          ))}
        </TableHeader>
        <TableBody>
          {table.getRowModel().rows.map((row) => (
            <Row key={row.id}>
              {row.getAllCells().map((cell, index) => (
                <Cell
                  key={cell.id}
                  isRowHeader={index === 0}
                  align={alignOf(cell.column.columnDef.meta)}
                  className={phoneClass(cell.column.columnDef.meta)}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </Cell>
              ))}
            </Row>
          ))}
        </TableBody>
      </Table>
    </TableFrame>
  )
}

/** A column phones can do without (the list stays readable at 390 px without scrolling sideways). */
function phoneClass(meta: unknown): string | undefined {
  return typeof meta === 'object' && meta !== null && 'hideOnPhone' in meta
    ? 'hidden md:table-cell'
    : undefined
}

function alignOf(meta: unknown): 'start' | 'end' {
  return typeof meta === 'object' && meta !== null && 'align' in meta && meta.align === 'end'
    ? 'end'
    : 'start'
}

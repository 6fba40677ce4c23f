import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { Plus } from 'lucide-react'
import type { ReactNode } from 'react'
import { ListPage } from '~/components/lists/list-page'
import type { ListColumnMeta, ListFeatures } from '~/components/lists/sortable-table'
import { Page } from '~/components/page'
import { OutsideGymsPage } from '~/components/page-states'
import { Badge } from '~/components/ui/badge'
import { buttonStyles } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { linkStyles } from '~/components/ui/link'
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
  return <OfferingsList search={search} gym={gym} newOffering={newOffering} />
}

function OfferingsList(props: {
  search: OfferingsSearch
  gym: { id: number; name: string }
  newOffering: ReactNode
}) {
  const { search, gym } = props
  const archived = search.archived ?? false
  const { data: page } = useSuspenseQuery(
    catalogueQueries.gymOfferings({ gym_id: gym.id, archived, page: search.page ?? 1 }),
  )
  return (
    <ListPage
      title={title}
      description={`Membership types sold at ${gym.name}, with their prices and members.`}
      actions={props.newOffering}
      noun={{ one: 'offering', many: 'offerings' }}
      search={search}
      link={(link) => <Link to="/console/offerings" {...link} />}
      toolbar={
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
      }
      page={page}
      columns={columns}
      filtered={false}
      empty={{
        title: archived ? `No archived offerings at ${gym.name}` : `No offerings at ${gym.name} yet`,
        text: archived
          ? 'Offerings you archive appear here; their members keep their memberships.'
          : props.newOffering !== null
            ? 'Create an offering and give it prices to start selling memberships.'
            : 'An admin creates offerings; they appear here once they are on sale at this gym.',
      }}
    />
  )
}

const column = createColumnHelper<ListFeatures, OfferingSummary>()

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
    meta: { hideBelow: 'md' } satisfies ListColumnMeta,
    cell: (info) =>
      info.row.original.all_gyms_access
        ? 'All gyms'
        : info.row.original.gyms.map((gym) => gym.name).join(', '),
  }),
  column.accessor('prices_count', { header: 'Prices', meta: { align: 'end' } satisfies ListColumnMeta }),
  column.accessor('memberships_count', {
    header: 'Members',
    meta: { align: 'end' } satisfies ListColumnMeta,
  }),
])

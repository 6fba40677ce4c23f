import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { Archive, Pencil, RotateCcw, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Page } from '~/components/page'
import { SkeletonBar } from '~/components/page-states'
import { Alert } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button, buttonStyles } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ConfirmDialog } from '~/components/ui/modal'
import { toast } from '~/components/ui/toast'
import type { SessionUser } from '~/contracts/auth'
import { dayNames, type Offering } from '~/contracts/catalogue'
import { formatTime } from '~/contracts/hours-words'
import type { Organisation } from '~/contracts/organisation'
import { formatDate } from '~/lib/dates'
import { archiveOffering, deleteOffering, restoreOffering } from './catalogue.functions'
import { OfferingPrices, PrivateLinks } from './offering-prices'
import { catalogueQueries, offeringGyms } from './queries'

type OfferingAction = 'archive' | 'restore' | 'delete'

/**
 * offerings.show. What is offered follows the offering's state (issue 13): on sale it can be edited and
 * archived; archived it can be restored; Delete appears only while no membership depends on it, and
 * otherwise the page says why it can only be archived.
 */
export function OfferingPage(props: { id: number; user: SessionUser; organisation: Organisation }) {
  const { data: offering } = useSuspenseQuery(catalogueQueries.offering(props.id))
  const [dialog, setDialog] = useState<OfferingAction | null>(null)
  const archived = offering.archived_at !== null
  return (
    <Page
      title={
        <span className="flex flex-wrap items-center gap-3">
          {offering.name}
          <Badge tone="accent">{offering.display_type}</Badge>
          {archived ? <Badge>Archived</Badge> : null}
        </span>
      }
      description={offering.description ?? undefined}
      actions={offering.can_manage ? <Actions offering={offering} onAction={setDialog} /> : null}
    >
      <div className="flex flex-col gap-6">
        {archived ? (
          <Alert tone="info" title={`Archived on ${formatDate(offering.archived_at ?? '')}`}>
            Its prices are off sale and their private links don’t work. Members already on it keep their
            memberships.{offering.can_manage ? ' Restore it to sell it again.' : ''}
          </Alert>
        ) : null}
        <Details offering={offering} user={props.user} />
        <OfferingPrices offering={offering} organisation={props.organisation} />
        <PrivateLinks offering={offering} />
      </div>
      <OfferingDialog offering={offering} action={dialog} onClose={() => setDialog(null)} />
    </Page>
  )
}

function Actions(props: { offering: Offering; onAction: (action: OfferingAction) => void }) {
  const { offering } = props
  if (offering.archived_at) {
    return (
      <>
        <Button variant="secondary" onPress={() => props.onAction('restore')}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Restore offering
        </Button>
        {offering.in_use ? null : <DeleteButton onPress={() => props.onAction('delete')} />}
      </>
    )
  }
  return (
    <>
      <Link
        to="/console/offerings/$id/edit"
        params={{ id: offering.id }}
        className={buttonStyles({ variant: 'secondary' })}
      >
        <Pencil aria-hidden="true" className="size-4" />
        Edit offering
      </Link>
      <Button variant="secondary" onPress={() => props.onAction('archive')}>
        <Archive aria-hidden="true" className="size-4" />
        Archive offering
      </Button>
      {offering.in_use ? null : <DeleteButton onPress={() => props.onAction('delete')} />}
    </>
  )
}

function DeleteButton(props: { onPress: () => void }) {
  return (
    <Button variant="secondary" onPress={props.onPress}>
      <Trash2 aria-hidden="true" className="size-4" />
      Delete offering
    </Button>
  )
}

function Details(props: { offering: Offering; user: SessionUser }) {
  const { offering } = props
  const gyms = offeringGyms(offering, props.user)
  const requirements = [
    offering.mandated ? 'Mandated' : null,
    offering.hours_mandated ? 'Opening hours mandated' : null,
    offering.prices_mandated ? 'Prices mandated' : null,
  ].filter((entry) => entry !== null)
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <h2 className="font-semibold text-base">Details</h2>
        <dl className="mt-4 grid grid-cols-[7rem_1fr] gap-x-4 gap-y-3 text-sm">
          <dt className="text-slate-600">Type</dt>
          <dd>{offering.display_type}</dd>
          <dt className="text-slate-600">Gyms</dt>
          <dd>{offering.all_gyms_access ? 'All gyms' : offering.gyms.map((gym) => gym.name).join(', ')}</dd>
          <dt className="text-slate-600">Requirements</dt>
          <dd>{requirements.length > 0 ? requirements.join(', ') : 'None'}</dd>
          <dt className="text-slate-600">Created</dt>
          <dd>{formatDate(offering.created_at)}</dd>
          {offering.archived_at ? (
            <>
              <dt className="text-slate-600">Archived</dt>
              <dd>{formatDate(offering.archived_at)}</dd>
            </>
          ) : null}
        </dl>
        {offering.can_manage && offering.in_use ? (
          <p className="mt-4 text-slate-600 text-sm">
            Memberships have been taken on its prices, so it can be archived but not deleted: their payments
            and history point at it.
          </p>
        ) : null}
        {offering.type === 'limited_access' ? <OpeningHours offering={offering} /> : null}
      </Card>
      <Card>
        <h2 className="font-semibold text-base">Members per gym</h2>
        <p className="mt-1 text-slate-600 text-sm">
          Members holding this offering now, and everyone who ever has.
        </p>
        <ul className="mt-4 divide-y divide-slate-100 text-sm">
          {gyms.map((gym) => (
            <UniqueMemberships key={gym.id} gymId={gym.id} gymName={gym.name} offeringId={offering.id} />
          ))}
        </ul>
      </Card>
    </div>
  )
}

function OpeningHours(props: { offering: Offering }) {
  const { hours } = props.offering
  return (
    <>
      <h3 className="mt-6 font-medium text-sm">Opening hours</h3>
      {hours.length === 0 ? (
        <p className="mt-2 text-slate-600 text-sm">No opening hours set.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {hours.map((window) => (
            <li key={window.id} className="flex justify-between py-1.5">
              <span>{dayNames[window.day - 1]}</span>
              <span className="tabular-nums">
                {formatTime(window.open_at)} – {formatTime(window.close_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

function UniqueMemberships(props: { gymId: number; gymName: string; offeringId: number }) {
  const { data, isPending, isError } = useQuery(
    catalogueQueries.uniqueMemberships(props.gymId, props.offeringId),
  )
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      <span>{props.gymName}</span>
      {isPending ? (
        <SkeletonBar className="h-4 w-28" />
      ) : isError || !data ? (
        <span className="text-slate-600">Not available</span>
      ) : (
        <span className="tabular-nums">
          <strong className="font-semibold">{data.current}</strong> now · {data.total} ever
        </span>
      )}
    </li>
  )
}

const offeringWords = {
  archive: {
    title: (name: string) => `Archive ${name}?`,
    body: 'It stops being offered to new members and its private links stop working. Members already on it keep their memberships.',
    confirm: 'Archive offering',
    done: (name: string) => `${name} archived`,
  },
  restore: {
    title: (name: string) => `Restore ${name}?`,
    body: 'It goes back on sale with its prices that are not archived themselves, and their private links work again.',
    confirm: 'Restore offering',
    done: (name: string) => `${name} restored`,
  },
  delete: {
    title: (name: string) => `Delete ${name}?`,
    body: 'It is removed for good with its prices, hours and links.',
    confirm: 'Delete offering',
    done: (name: string) => `${name} deleted`,
  },
} as const

/**
 * Archive, restore or delete the offering after saying what happens. Delete is offered only when nothing
 * depends on it; should a membership start meanwhile, the refusal is shown and archiving offered instead.
 */
function OfferingDialog(props: { offering: Offering; action: OfferingAction | null; onClose: () => void }) {
  const { offering } = props
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const calls = {
    archive: useServerFn(archiveOffering),
    restore: useServerFn(restoreOffering),
    delete: useServerFn(deleteOffering),
  }
  const [isPending, setIsPending] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const action: OfferingAction = refusal ? 'archive' : (props.action ?? 'archive')
  const words = offeringWords[action]

  function close() {
    setRefusal(null)
    props.onClose()
  }

  async function confirm() {
    setIsPending(true)
    const result = await calls[action]({ data: { id: offering.id } })
    setIsPending(false)
    if (!result.ok) {
      if (result.status === 409 && action === 'delete') return setRefusal(result.message)
      return toast.error(result.message)
    }
    await queryClient.invalidateQueries({ queryKey: catalogueQueries.all })
    toast.success(words.done(offering.name))
    close()
    if (action === 'delete') await navigate({ to: '/console/offerings' })
  }

  return (
    <ConfirmDialog
      isOpen={props.action !== null}
      onOpenChange={(open) => {
        if (!open) close()
      }}
      title={refusal ? 'This offering can’t be deleted' : words.title(offering.name)}
      confirmLabel={refusal ? 'Archive instead' : words.confirm}
      destructive={action === 'delete'}
      isPending={isPending}
      onConfirm={confirm}
    >
      {refusal ? <Alert tone="error">{refusal}</Alert> : <p>{words.body}</p>}
    </ConfirmDialog>
  )
}

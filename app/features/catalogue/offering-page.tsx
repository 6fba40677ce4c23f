import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { Archive, Link2, Plus, RotateCcw, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useConsoleForm } from '~/components/form/console-form-hook'
import { fieldErrorsOf } from '~/components/form/field-errors'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { LinkRow } from '~/components/link-row'
import { Page } from '~/components/page'
import { SkeletonBar } from '~/components/page-states'
import { Alert } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Checkbox } from '~/components/ui/checkbox'
import { ConfirmDialog, FormDialog } from '~/components/ui/modal'
import { Cell, Column, Row, Table, TableBody, TableFrame, TableHeader } from '~/components/ui/table'
import { toast } from '~/components/ui/toast'
import type { SessionUser } from '~/features/auth/contract'
import type { Organisation } from '~/features/organisation/contract'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import {
  archiveOffering,
  changePriceStatus,
  createPrice,
  createPrivateLink,
  deleteOffering,
} from './catalogue.functions'
import { dayNames, describePrice, type Offering, type Price, priceInputSchema } from './contract'
import { emptyPrice, frequencyOptions, priceDraft, termUnitOptions } from './offering-form'
import { catalogueQueries } from './queries'

/** The organisation's settings decide which frequencies a new price may have; the route loads them. */
export function OfferingPage(props: { id: number; user: SessionUser; organisation: Organisation }) {
  const { data: offering } = useSuspenseQuery(catalogueQueries.offering(props.id))
  const [dialog, setDialog] = useState<'archive' | 'delete' | null>(null)
  const manage = offering.can_manage
  return (
    <Page
      title={
        <span className="flex flex-wrap items-center gap-3">
          {offering.name}
          <Badge tone="accent">{offering.display_type}</Badge>
          {offering.archived_at ? <Badge>Archived</Badge> : null}
        </span>
      }
      description={offering.description ?? undefined}
      actions={
        manage ? (
          <>
            {offering.archived_at ? null : (
              <Button variant="secondary" onPress={() => setDialog('archive')}>
                <Archive aria-hidden="true" className="size-4" />
                Archive offering
              </Button>
            )}
            <Button variant="secondary" onPress={() => setDialog('delete')}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete offering
            </Button>
          </>
        ) : null
      }
    >
      <div className="flex flex-col gap-6">
        <Details offering={offering} user={props.user} />
        <Prices offering={offering} organisation={props.organisation} />
        <PrivateLinks offering={offering} />
      </div>
      <OfferingDialogs offering={offering} dialog={dialog} setDialog={setDialog} />
    </Page>
  )
}

function Details(props: { offering: Offering; user: SessionUser }) {
  const { offering } = props
  const gyms = offering.all_gyms_access ? props.user.gyms : offering.gyms
  const requirements = [
    offering.mandated ? 'Mandated' : null,
    offering.hours_mandated ? 'Opening hours mandated' : null,
    offering.prices_mandated ? 'Prices mandated' : null,
  ].filter((entry) => entry !== null)
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <h2 className="font-semibold text-base">Details</h2>
        <dl className="mt-4 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-3 text-sm">
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
        {offering.type === 'limited_access' ? (
          <>
            <h3 className="mt-6 font-medium text-sm">Opening hours</h3>
            {offering.hours.length === 0 ? (
              <p className="mt-2 text-slate-600 text-sm">No opening hours set.</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-100 text-sm">
                {offering.hours.map((window) => (
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
        ) : null}
      </Card>
      <Card>
        <h2 className="font-semibold text-base">Members per gym</h2>
        <p className="mt-1 text-slate-600 text-sm">Different people holding this offering now, and ever.</p>
        <ul className="mt-4 divide-y divide-slate-100 text-sm">
          {gyms.map((gym) => (
            <UniqueMemberships key={gym.id} gymId={gym.id} gymName={gym.name} offeringId={offering.id} />
          ))}
        </ul>
      </Card>
    </div>
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

/** `06:00` → `6:00 am` (en-NZ). */
function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  const suffix = hours < 12 ? 'am' : 'pm'
  const hour = hours % 12 === 0 ? 12 : hours % 12
  return `${hour}:${String(minutes).padStart(2, '0')} ${suffix}`
}

function Prices(props: { offering: Offering; organisation: Organisation }) {
  const { offering } = props
  const [adding, setAdding] = useState(false)
  const [pending, setPending] = useState<{ price: Price; action: 'archive' | 'restore' | 'delete' } | null>(
    null,
  )
  return (
    <section aria-labelledby="prices-heading" className="flex flex-col gap-3">
      <div className="flex items-end justify-between gap-3">
        <h2 id="prices-heading" className="font-semibold text-lg">
          Prices
        </h2>
        {offering.can_manage && !offering.archived_at ? (
          <Button variant="secondary" size="sm" onPress={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Add price
          </Button>
        ) : null}
      </div>
      {offering.prices.length === 0 ? (
        <Card>
          <p className="font-medium">No prices yet</p>
          <p className="mt-1 text-slate-600 text-sm">Add a price so members can choose this offering.</p>
        </Card>
      ) : (
        <TableFrame>
          <Table aria-label="Prices">
            <TableHeader>
              <Column>Price</Column>
              <Column>Joining fee</Column>
              <Column>Term</Column>
              <Column align="end">Members</Column>
              <Column>Status</Column>
              <Column>
                <span className="sr-only">Actions</span>
              </Column>
            </TableHeader>
            <TableBody>
              {offering.prices.map((price) => (
                <Row key={price.id}>
                  <Cell isRowHeader>
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium tabular-nums">{describePrice(price)}</span>
                      {price.private ? <Badge tone="amber">Private</Badge> : null}
                    </div>
                    {price.gym ? <p className="text-slate-600 text-xs">{price.gym.name} only</p> : null}
                  </Cell>
                  <Cell>{price.joining_fee > 0 ? formatCents(price.joining_fee) : 'None'}</Cell>
                  <Cell>
                    {price.formatted_term ? (
                      <>
                        {price.formatted_term}
                        {price.total_value !== null ? (
                          <p className="text-slate-600 text-xs">{formatCents(price.total_value)} in all</p>
                        ) : null}
                      </>
                    ) : (
                      'Flexi'
                    )}
                  </Cell>
                  <Cell align="end">{price.subscriptions_count}</Cell>
                  <Cell>
                    {price.archived_at ? <Badge>Archived</Badge> : <Badge tone="green">On sale</Badge>}
                  </Cell>
                  <Cell>
                    {offering.can_manage ? (
                      <div className="flex justify-end gap-1">
                        {price.archived_at ? (
                          <Button
                            variant="quiet"
                            size="sm"
                            aria-label={`Restore ${describePrice(price)}`}
                            onPress={() => setPending({ price, action: 'restore' })}
                          >
                            <RotateCcw aria-hidden="true" className="size-4" />
                            Restore
                          </Button>
                        ) : (
                          <Button
                            variant="quiet"
                            size="sm"
                            aria-label={`Archive ${describePrice(price)}`}
                            onPress={() => setPending({ price, action: 'archive' })}
                          >
                            <Archive aria-hidden="true" className="size-4" />
                            Archive
                          </Button>
                        )}
                        <Button
                          variant="quiet"
                          size="sm"
                          aria-label={`Delete ${describePrice(price)}`}
                          onPress={() => setPending({ price, action: 'delete' })}
                        >
                          <Trash2 aria-hidden="true" className="size-4" />
                          Delete
                        </Button>
                      </div>
                    ) : null}
                  </Cell>
                </Row>
              ))}
            </TableBody>
          </Table>
        </TableFrame>
      )}
      <PriceStatusDialog offeringId={offering.id} pending={pending} onClose={() => setPending(null)} />
      <AddPriceDialog
        offeringId={offering.id}
        organisation={props.organisation}
        isOpen={adding}
        onOpenChange={setAdding}
      />
    </section>
  )
}

const statusWords = {
  archive: {
    title: 'Archive this price?',
    body: 'New members can no longer choose it and its private links stop working. Members already on it keep it.',
    confirm: 'Archive price',
    done: 'Price archived',
  },
  restore: {
    title: 'Restore this price?',
    body: 'It goes back on sale: new members can choose it again.',
    confirm: 'Restore price',
    done: 'Price restored',
  },
  delete: {
    title: 'Delete this price?',
    body: 'It is removed for good, with its private links. A price members have held can only be archived.',
    confirm: 'Delete price',
    done: 'Price deleted',
  },
} as const

/**
 * Archive, restore or delete a price, after saying what happens. A refused delete (members on it) keeps
 * the dialog open with the server's reason and offers archiving instead (issue 5).
 */
function PriceStatusDialog(props: {
  offeringId: number
  pending: { price: Price; action: 'archive' | 'restore' | 'delete' } | null
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const change = useServerFn(changePriceStatus)
  const [isPending, setIsPending] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const { pending } = props
  const action = refusal && pending?.action === 'delete' ? 'archive' : (pending?.action ?? 'archive')
  const words = statusWords[action]

  async function confirm() {
    if (!pending) return
    setIsPending(true)
    const result = await change({ data: { id: pending.price.id, action } })
    setIsPending(false)
    if (!result.ok) {
      if (result.status === 409 && action === 'delete') {
        setRefusal(result.message)
        return
      }
      toast.error(result.message)
      return
    }
    await queryClient.invalidateQueries({ queryKey: catalogueQueries.all })
    toast.success(statusWords[action].done)
    setRefusal(null)
    props.onClose()
  }

  return (
    <ConfirmDialog
      isOpen={pending !== null}
      onOpenChange={(open) => {
        if (!open) {
          setRefusal(null)
          props.onClose()
        }
      }}
      title={refusal ? 'This price can’t be deleted' : words.title}
      confirmLabel={refusal ? 'Archive instead' : words.confirm}
      destructive={action === 'delete'}
      isPending={isPending}
      onConfirm={confirm}
    >
      {pending ? <p className="mb-2 font-medium text-slate-900">{describePrice(pending.price)}</p> : null}
      {refusal ? <Alert tone="error">{refusal}</Alert> : <p>{words.body}</p>}
    </ConfirmDialog>
  )
}

function AddPriceDialog(props: {
  offeringId: number
  isOpen: boolean
  organisation: Organisation
  onOpenChange: (open: boolean) => void
}) {
  return (
    <FormDialog isOpen={props.isOpen} onOpenChange={props.onOpenChange} title="Add price">
      <PriceForm
        offeringId={props.offeringId}
        organisation={props.organisation}
        onDone={() => props.onOpenChange(false)}
      />
    </FormDialog>
  )
}

function PriceForm(props: { offeringId: number; organisation: Organisation; onDone: () => void }) {
  const queryClient = useQueryClient()
  const serverError = useActionFormError()
  const submit = useServerFn(createPrice)
  const form = useConsoleForm({
    defaultValues: emptyPrice(),
    validators: {
      onSubmit: ({ value }) => {
        const result = priceInputSchema.safeParse(priceDraft(value))
        return result.success ? undefined : { fields: fieldErrorsOf(result.error) }
      },
    },
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const parsed = priceInputSchema.safeParse(priceDraft(value))
      if (!parsed.success) return
      const result = await submit({ data: { offering_id: props.offeringId, price: parsed.data } })
      if (!result.ok) return serverError.show(formApi, result)
      await queryClient.invalidateQueries({ queryKey: catalogueQueries.all })
      toast.success(`${describePrice(result.data)} added`)
      props.onDone()
    },
  })
  return (
    <form.AppForm>
      <form.Form aria-label="Add price" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {serverError.message ? (
          <div className="sm:col-span-2">
            <Alert tone="error">{serverError.message}</Alert>
          </div>
        ) : null}
        <form.AppField name="amount">
          {(field) => <field.MoneyField label="Amount" isRequired />}
        </form.AppField>
        <form.AppField name="billing_frequency">
          {(field) => (
            <field.SelectField
              label="Billing frequency"
              options={frequencyOptions(props.organisation)}
              isRequired
            />
          )}
        </form.AppField>
        <form.AppField name="joining_fee">
          {(field) => <field.MoneyField label="Joining fee" />}
        </form.AppField>
        <form.AppField name="private">
          {(field) => (
            <field.Checkbox description="Offered only through a private link." className="sm:mt-7">
              Private
            </field.Checkbox>
          )}
        </form.AppField>
        <form.AppField name="term_amount">
          {(field) => <field.IntegerField label="Term length" />}
        </form.AppField>
        <form.AppField name="term_unit">
          {(field) => <field.SelectField label="Term unit" options={termUnitOptions} />}
        </form.AppField>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="secondary" onPress={props.onDone}>
            Cancel
          </Button>
          <form.SubmitButton>Add price</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  )
}

function PrivateLinks(props: { offering: Offering }) {
  const privatePrices = props.offering.prices.filter((price) => price.private && !price.archived_at)
  if (privatePrices.length === 0) return null
  return (
    <section aria-labelledby="links-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="links-heading" className="font-semibold text-lg">
          Private links
        </h2>
        <p className="text-slate-600 text-sm">
          A private price is offered only to people holding one of its links; each opens the join site at the
          price. A link that also waives the age check lets one person under 16 join.
        </p>
      </div>
      {privatePrices.map((price) => (
        <PriceLinks key={price.id} price={price} canManage={props.offering.can_manage} />
      ))}
    </section>
  )
}

function PriceLinks(props: { price: Price; canManage: boolean }) {
  const queryClient = useQueryClient()
  const create = useServerFn(createPrivateLink)
  const [ageBypass, setAgeBypass] = useState(false)
  const [isPending, setIsPending] = useState(false)
  const [showAll, setShowAll] = useState(false)
  const { price } = props
  const shown = showAll ? price.private_links : price.private_links.slice(0, LINKS_SHOWN)
  async function makeLink() {
    setIsPending(true)
    const result = await create({ data: { id: price.id, age_bypass: ageBypass } })
    setIsPending(false)
    if (!result.ok) return toast.error(result.message)
    await queryClient.invalidateQueries({ queryKey: catalogueQueries.all })
    toast.success('Private link created')
  }
  return (
    <Card role="region" aria-label={`Private links for ${describePrice(price)}`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h3 className="font-medium">{describePrice(price)}</h3>
        {props.canManage ? (
          <div className="flex flex-wrap items-center gap-3">
            <Checkbox isSelected={ageBypass} onChange={setAgeBypass}>
              Waives the age check
            </Checkbox>
            <Button variant="secondary" size="sm" isPending={isPending} onPress={makeLink}>
              <Link2 aria-hidden="true" className="size-4" />
              Create link
            </Button>
          </div>
        ) : null}
      </div>
      {price.private_links.length === 0 ? (
        <p className="mt-3 text-slate-600 text-sm">No links yet.</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {shown.map((link) => (
            <LinkRow
              key={link.id}
              url={link.url}
              createdAt={link.created_at}
              status={
                link.age_bypass ? (
                  <Badge tone="amber">{link.used_at ? 'Age check waived · used' : 'Waives age check'}</Badge>
                ) : null
              }
            />
          ))}
        </ul>
      )}
      {price.private_links.length > LINKS_SHOWN ? (
        <Button variant="quiet" size="sm" className="mt-2" onPress={() => setShowAll(!showAll)}>
          {showAll ? 'Show the newest only' : `Show all ${price.private_links.length} links`}
        </Button>
      ) : null}
    </Card>
  )
}

/** Newest links shown before "Show all": a popular private price collects many. */
const LINKS_SHOWN = 5

function OfferingDialogs(props: {
  offering: Offering
  dialog: 'archive' | 'delete' | null
  setDialog: (dialog: 'archive' | 'delete' | null) => void
}) {
  const { offering, dialog, setDialog } = props
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const archive = useServerFn(archiveOffering)
  const remove = useServerFn(deleteOffering)
  const [isPending, setIsPending] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const action = refusal ? 'archive' : dialog

  async function confirm() {
    setIsPending(true)
    const result = await (action === 'delete' ? remove : archive)({ data: { id: offering.id } })
    setIsPending(false)
    if (!result.ok) {
      if (result.status === 409) return setRefusal(result.message)
      return toast.error(result.message)
    }
    await queryClient.invalidateQueries({ queryKey: catalogueQueries.all })
    setDialog(null)
    setRefusal(null)
    if (action === 'delete') {
      toast.success(`${offering.name} deleted`)
      await navigate({ to: '/console/offerings' })
    } else {
      toast.success(`${offering.name} archived`)
    }
  }

  return (
    <ConfirmDialog
      isOpen={dialog !== null}
      onOpenChange={(open) => {
        if (!open) {
          setRefusal(null)
          setDialog(null)
        }
      }}
      title={
        refusal
          ? 'This offering can’t be deleted'
          : action === 'delete'
            ? `Delete ${offering.name}?`
            : `Archive ${offering.name}?`
      }
      confirmLabel={
        refusal ? 'Archive instead' : action === 'delete' ? 'Delete offering' : 'Archive offering'
      }
      destructive={action === 'delete'}
      isPending={isPending}
      onConfirm={confirm}
    >
      {refusal ? (
        <Alert tone="error">{refusal}</Alert>
      ) : action === 'delete' ? (
        <p>
          It is removed for good with its prices, hours and links. An offering members have held can only be
          archived.
        </p>
      ) : (
        <p>It stops being offered to new members. Members already on it keep their memberships.</p>
      )}
      {offering.archived_at && refusal ? <p className="mt-2">It is already archived.</p> : null}
    </ConfirmDialog>
  )
}

import { useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { Archive, Link2, Pencil, Plus, RotateCcw, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useConsoleForm } from '~/components/form/console-form-hook'
import { draftChecks } from '~/components/form/draft-checks'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { LinkRow } from '~/components/link-row'
import { PageSection } from '~/components/page-section'
import { Alert } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Checkbox } from '~/components/ui/checkbox'
import { ConfirmDialog, FormDialog } from '~/components/ui/modal'
import { Cell, Column, Row, Table, TableBody, TableFrame, TableHeader } from '~/components/ui/table'
import { toast } from '~/components/ui/toast'
import {
  billingFrequencyLabels,
  describePrice,
  type Offering,
  type Price,
  priceInputSchema,
} from '~/contracts/catalogue'
import type { Organisation } from '~/contracts/organisation'
import { formatCents } from '~/lib/money'
import { changePriceStatus, createPrice, createPrivateLink, updatePrice } from './catalogue.functions'
import {
  emptyPrice,
  frequencyOptions,
  type PriceFormValues,
  priceDraft,
  termUnitOptions,
} from './offering-form'
import { catalogueQueries } from './queries'

type PriceAction = 'archive' | 'restore' | 'delete'

/** Whether the price can be sold now: neither it nor its offering is archived. */
function onSale(offering: Offering, price: Price) {
  return price.archived_at === null && offering.archived_at === null
}

function PriceStatus(props: { offering: Offering; price: Price }) {
  if (onSale(props.offering, props.price)) return <Badge tone="green">On sale</Badge>
  return <Badge>{props.price.archived_at ? 'Archived' : 'Off sale'}</Badge>
}

/**
 * An offering's prices: a table on wide screens, cards on a phone, each with the actions its state allows
 * (issue 13). Delete only where nothing depends on the price; Restore only while the offering is on sale.
 */
export function OfferingPrices(props: { offering: Offering; organisation: Organisation }) {
  const { offering } = props
  const [form, setForm] = useState<{ price: Price | null } | null>(null)
  const [pending, setPending] = useState<{ price: Price; action: PriceAction } | null>(null)
  const manage = offering.can_manage
  const anyInUse = offering.prices.some((price) => price.in_use)
  const actions = (price: Price) =>
    manage ? (
      <PriceActions
        offering={offering}
        price={price}
        onEdit={() => setForm({ price })}
        onAction={(action) => setPending({ price, action })}
      />
    ) : null
  return (
    <section aria-labelledby="prices-heading" className="flex flex-col gap-3">
      <div className="flex items-end justify-between gap-3">
        <h2 id="prices-heading" className="font-semibold text-lg">
          Prices
        </h2>
        {manage && !offering.archived_at ? (
          <Button variant="secondary" size="sm" onPress={() => setForm({ price: null })}>
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
        <>
          <div className="hidden sm:block">
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
                        <PriceName price={price} />
                      </Cell>
                      <Cell>{joiningFee(price)}</Cell>
                      <Cell>
                        <Term price={price} />
                      </Cell>
                      <Cell align="end">{price.members_count}</Cell>
                      <Cell>
                        <PriceStatus offering={offering} price={price} />
                      </Cell>
                      <Cell>{actions(price)}</Cell>
                    </Row>
                  ))}
                </TableBody>
              </Table>
            </TableFrame>
          </div>
          <ul aria-label="Prices" className="flex flex-col gap-3 sm:hidden">
            {offering.prices.map((price) => (
              <li key={price.id}>
                <Card padding="none" className="flex flex-col gap-3 p-4">
                  <div className="flex items-start justify-between gap-3">
                    <PriceName price={price} />
                    <PriceStatus offering={offering} price={price} />
                  </div>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                    <dt className="text-slate-600">Joining fee</dt>
                    <dd>{joiningFee(price)}</dd>
                    <dt className="text-slate-600">Term</dt>
                    <dd>
                      <Term price={price} />
                    </dd>
                    <dt className="text-slate-600">Members</dt>
                    <dd className="tabular-nums">{price.members_count}</dd>
                  </dl>
                  {actions(price)}
                </Card>
              </li>
            ))}
          </ul>
          {manage && anyInUse ? (
            <p className="text-slate-600 text-sm">
              A price memberships have been taken on can be archived but not deleted: their payments point at
              it. Its amount, frequency and term stay as members joined it.
            </p>
          ) : null}
        </>
      )}
      <PriceStatusDialog pending={pending} onClose={() => setPending(null)} />
      <FormDialog
        isOpen={form !== null}
        onOpenChange={(open) => {
          if (!open) setForm(null)
        }}
        title={form?.price ? 'Edit price' : 'Add price'}
      >
        <PriceForm
          offeringId={offering.id}
          organisation={props.organisation}
          price={form?.price ?? null}
          onDone={() => setForm(null)}
        />
      </FormDialog>
    </section>
  )
}

function PriceName(props: { price: Price }) {
  const { price } = props
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium tabular-nums">{describePrice(price)}</span>
        {price.private ? <Badge tone="amber">Private</Badge> : null}
      </div>
      {price.gym ? <p className="text-slate-600 text-xs">{price.gym.name} only</p> : null}
    </div>
  )
}

const joiningFee = (price: Price) => (price.joining_fee > 0 ? formatCents(price.joining_fee) : 'None')

function Term(props: { price: Price }) {
  const { price } = props
  if (!price.formatted_term) return <>Flexi</>
  return (
    <>
      {price.formatted_term}
      {price.total_value !== null ? (
        <span className="block text-slate-600 text-xs">{formatCents(price.total_value)} in all</span>
      ) : null}
    </>
  )
}

function PriceActions(props: {
  offering: Offering
  price: Price
  onEdit: () => void
  onAction: (action: PriceAction) => void
}) {
  const { offering, price } = props
  const name = describePrice(price)
  // What the price's state allows (Delete only where nothing depends on it), each named for the price.
  const actions = [
    ...(onSale(offering, price)
      ? [
          { label: 'Edit', icon: Pencil, onPress: props.onEdit },
          { label: 'Archive', icon: Archive, onPress: () => props.onAction('archive') },
        ]
      : []),
    ...(price.archived_at && !offering.archived_at
      ? [{ label: 'Restore', icon: RotateCcw, onPress: () => props.onAction('restore') }]
      : []),
    ...(price.in_use ? [] : [{ label: 'Delete', icon: Trash2, onPress: () => props.onAction('delete') }]),
  ]
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {actions.map(({ label, icon: Icon, onPress }) => (
        <Button key={label} variant="quiet" size="sm" aria-label={`${label} ${name}`} onPress={onPress}>
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </Button>
      ))}
    </div>
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
    body: 'It is removed for good, with its private links.',
    confirm: 'Delete price',
    done: 'Price deleted',
  },
} as const

/**
 * Archive, restore or delete a price, after saying what happens. Should a membership start on a price
 * between the page loading and Delete, the refusal is shown and archiving offered instead.
 */
function PriceStatusDialog(props: {
  pending: { price: Price; action: PriceAction } | null
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
      if (result.status === 409 && action === 'delete') return setRefusal(result.message)
      return toast.error(result.message)
    }
    await queryClient.invalidateQueries({ queryKey: catalogueQueries.all })
    toast.success(words.done)
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

function priceValues(price: Price): PriceFormValues {
  return {
    key: `price-${price.id}`,
    amount: price.amount,
    billing_frequency: price.billing_frequency,
    joining_fee: price.joining_fee,
    private: price.private,
    term_amount: price.term_amount,
    term_unit: price.term_unit,
  }
}

/**
 * Adds a price, or edits one (`PUT /api/prices/{id}`). Once memberships are on a price, what they pay is
 * fixed (its amount, frequency and term): those fields are shown, not editable, and the form says why.
 */
function PriceForm(props: {
  offeringId: number
  organisation: Organisation
  price: Price | null
  onDone: () => void
}) {
  const { price } = props
  const queryClient = useQueryClient()
  const serverError = useActionFormError()
  const create = useServerFn(createPrice)
  const update = useServerFn(updatePrice)
  const frozen = price?.in_use ?? false
  const frequencies = frequencyOptions(props.organisation)
  // A frozen price keeps a frequency the organisation may since have switched off: show it as it is.
  const shownFrequencies =
    price && !frequencies.some((option) => option.id === price.billing_frequency)
      ? [
          ...frequencies,
          { id: price.billing_frequency, name: billingFrequencyLabels[price.billing_frequency] },
        ]
      : frequencies
  const form = useConsoleForm({
    defaultValues: price ? priceValues(price) : emptyPrice(),
    validators: draftChecks(priceInputSchema, priceDraft),
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const parsed = priceInputSchema.safeParse(priceDraft(value))
      if (!parsed.success) return
      const result = price
        ? await update({ data: { id: price.id, price: parsed.data } })
        : await create({ data: { offering_id: props.offeringId, price: parsed.data } })
      if (!result.ok) return serverError.show(formApi, result)
      await queryClient.invalidateQueries({ queryKey: catalogueQueries.all })
      toast.success(`${describePrice(result.data)} ${price ? 'saved' : 'added'}`)
      props.onDone()
    },
  })
  return (
    <form.AppForm>
      <form.Form
        aria-label={price ? 'Edit price' : 'Add price'}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      >
        {serverError.message ? (
          <div className="sm:col-span-2">
            <Alert tone="error">{serverError.message}</Alert>
          </div>
        ) : null}
        {frozen ? (
          <div className="sm:col-span-2">
            <Alert tone="info">
              Members are on this price, so its amount, billing frequency and term stay as they joined it. To
              charge them differently, add a new price and move them with a price change.
            </Alert>
          </div>
        ) : null}
        <form.AppField name="amount">
          {(field) => <field.MoneyField label="Amount" isRequired isDisabled={frozen} />}
        </form.AppField>
        <form.AppField name="billing_frequency">
          {(field) => (
            <field.SelectField
              label="Billing frequency"
              options={frozen ? shownFrequencies : frequencies}
              isRequired
              isDisabled={frozen}
            />
          )}
        </form.AppField>
        <form.AppField name="joining_fee">
          {(field) => <field.MoneyField label="Joining fee" description="Charged to new members." />}
        </form.AppField>
        <form.AppField name="private">
          {(field) => (
            <field.Checkbox description="Offered only through a private link." className="sm:mt-7">
              Private
            </field.Checkbox>
          )}
        </form.AppField>
        <form.AppField name="term_amount">
          {(field) => <field.IntegerField label="Term length" isDisabled={frozen} />}
        </form.AppField>
        <form.AppField name="term_unit">
          {(field) => <field.SelectField label="Term unit" options={termUnitOptions} isDisabled={frozen} />}
        </form.AppField>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="secondary" onPress={props.onDone}>
            Cancel
          </Button>
          <form.SubmitButton>{price ? 'Save price' : 'Add price'}</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  )
}

/**
 * A private price's links. Off sale (the price or its offering archived), its links are listed with why
 * they no longer work, and no new link can be made.
 */
export function PrivateLinks(props: { offering: Offering }) {
  const privatePrices = props.offering.prices.filter(
    (price) => price.private && (onSale(props.offering, price) || price.private_links.length > 0),
  )
  if (privatePrices.length === 0) return null
  return (
    <PageSection
      id="links-heading"
      title="Private links"
      description="A private price is offered only to people holding one of its links; each opens the join site at the price. A link that also waives the age check lets one person under 16 join."
    >
      {privatePrices.map((price) => (
        <PriceLinks
          key={price.id}
          price={price}
          onSale={onSale(props.offering, price)}
          canManage={props.offering.can_manage}
        />
      ))}
    </PageSection>
  )
}

function PriceLinks(props: { price: Price; onSale: boolean; canManage: boolean }) {
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
        {props.canManage && props.onSale ? (
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
      {props.onSale ? null : (
        <p className="mt-2 text-slate-600 text-sm">
          Off sale: these links no longer work, and the join site tells anyone who opens one why.
        </p>
      )}
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

import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { ChevronLeft, ChevronRight, Link2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useConsoleForm } from '~/components/form/console-form-hook'
import { fieldErrorsOf, formErrorsOf } from '~/components/form/field-errors'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { LinkRow } from '~/components/link-row'
import { Page } from '~/components/page'
import { PageSection } from '~/components/page-section'
import { SkeletonBar, SkeletonTable } from '~/components/page-states'
import { Alert } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Checkbox } from '~/components/ui/checkbox'
import { Cell, Column, Row, Table, TableBody, TableFrame, TableHeader } from '~/components/ui/table'
import { toast } from '~/components/ui/toast'
import {
  gracePeriodRequestSchema,
  graceUnitLabels,
  graceUnits,
  type Organisation,
  offeringPermissionsRequestSchema,
  organisationFrequencyLabels,
  organisationNameRequestSchema,
  organisationPriceFrequencies,
  priceFrequenciesRequestSchema,
  priceRiseNoticeRequestSchema,
  taxDetailsRequestSchema,
  termGracePeriodRequestSchema,
} from '~/contracts/organisation'
import { formatDate } from '~/lib/dates'
import {
  createAgeBypassLink,
  type OrganisationSettingChange,
  updateOrganisationSetting,
} from './organisation.functions'
import { organisationQueries } from './queries'
import { organisationSettingsDescription, organisationSettingsTitle } from './skeletons'

const unitOptions = graceUnits.map((unit) => ({ id: unit, name: graceUnitLabels[unit] }))

export function OrganisationSettingsPage(props: { organisationId: number }) {
  const { data: organisation } = useSuspenseQuery(organisationQueries.settings(props.organisationId))
  return (
    <Page title={organisationSettingsTitle} description={organisationSettingsDescription}>
      <div className="flex flex-col gap-6">
        <NameForm organisation={organisation} />
        <TaxDetailsForm organisation={organisation} />
        <div className="grid gap-6 lg:grid-cols-2">
          <FailedPaymentGraceForm organisation={organisation} />
          <TermGraceForm organisation={organisation} />
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <PriceRiseNoticeForm organisation={organisation} />
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <OfferingPermissionsForm organisation={organisation} />
          <PriceFrequenciesForm organisation={organisation} />
        </div>
        <AgeBypassLinks organisationId={organisation.id} />
        <AkahuWebhooks organisationId={organisation.id} />
      </div>
    </Page>
  )
}

/** Saves one setting and refreshes what shows it (the session's organisation name included). */
function useSaveSetting(organisationId: number) {
  const queryClient = useQueryClient()
  const update = useServerFn(updateOrganisationSetting)
  return async (change: OrganisationSettingChange) => {
    const result = await update({ data: { id: organisationId, ...change } })
    if (result.ok) {
      queryClient.setQueryData(organisationQueries.settings(organisationId).queryKey, result.data)
      await queryClient.invalidateQueries({ queryKey: ['session'] })
    }
    return result
  }
}

function SettingCard(props: { title: string; description: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-4">
      <div>
        <h2 className="font-semibold text-base">{props.title}</h2>
        <p className="text-slate-600 text-sm">{props.description}</p>
      </div>
      {props.children}
    </Card>
  )
}

function NameForm(props: { organisation: Organisation }) {
  const save = useSaveSetting(props.organisation.id)
  const serverError = useActionFormError()
  const form = useConsoleForm({
    defaultValues: { name: props.organisation.name },
    validators: { onSubmit: organisationNameRequestSchema },
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const result = await save({ setting: 'name', body: value })
      if (!result.ok) return serverError.show(formApi, result)
      toast.success('Name saved')
    },
  })
  return (
    <SettingCard title="Name" description="Shown to staff, and to members on the join site and in e-mails.">
      <form.AppForm>
        <form.Form aria-label="Organisation name" className="flex flex-col gap-3 sm:flex-row sm:items-start">
          {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
          <form.AppField name="name">
            {(field) => <field.TextField label="Organisation name" className="flex-1" isRequired />}
          </form.AppField>
          <form.SubmitButton className="sm:mt-7">Save name</form.SubmitButton>
        </form.Form>
      </form.AppForm>
    </SettingCard>
  )
}

/** The legal name and GST number members' receipts carry (issue 14: a GST receipt when they join). */
function TaxDetailsForm(props: { organisation: Organisation }) {
  const save = useSaveSetting(props.organisation.id)
  const serverError = useActionFormError()
  const form = useConsoleForm({
    defaultValues: {
      legal_name: props.organisation.legal_name ?? '',
      gst_number: props.organisation.gst_number ?? '',
    },
    validators: { onSubmit: taxDetailsRequestSchema },
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const result = await save({ setting: 'tax-details', body: value })
      if (!result.ok) return serverError.show(formApi, result)
      formApi.reset({ legal_name: result.data.legal_name ?? '', gst_number: result.data.gst_number ?? '' })
      toast.success('Tax details saved')
    },
  })
  return (
    <SettingCard
      title="Receipts and GST"
      description="Printed on the receipt members get when they pay. With a GST number, receipts are tax invoices showing the 15% GST included."
    >
      <form.AppForm>
        <form.Form
          aria-label="Receipts and GST"
          className="grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-start"
        >
          {serverError.message ? (
            <Alert tone="error" className="sm:col-span-3">
              {serverError.message}
            </Alert>
          ) : null}
          <form.AppField name="legal_name">
            {(field) => (
              <field.TextField label="Legal name" description="As registered, e.g. Demo Fitness Limited" />
            )}
          </form.AppField>
          <form.AppField name="gst_number">
            {(field) => <field.TextField label="GST number" inputMode="numeric" placeholder="123-456-789" />}
          </form.AppField>
          <form.SubmitButton className="sm:mt-7">Save</form.SubmitButton>
        </form.Form>
      </form.AppForm>
    </SettingCard>
  )
}

function GraceForm(props: {
  organisation: Organisation
  kind: 'grace-period' | 'term-membership-grace-period'
}) {
  const save = useSaveSetting(props.organisation.id)
  const serverError = useActionFormError()
  const failed = props.kind === 'grace-period'
  const defaultValues: { value: number | null; unit: string | null } = failed
    ? {
        value: props.organisation.failed_payment_grace_period,
        unit: props.organisation.failed_payment_grace_period_unit,
      }
    : {
        value: props.organisation.term_membership_grace_period,
        unit: props.organisation.term_membership_grace_period_unit,
      }
  const form = useConsoleForm({
    defaultValues,
    validators: {
      onSubmit: ({ value }) => {
        const body = failed
          ? {
              failed_payment_grace_period: value.value ?? undefined,
              failed_payment_grace_period_unit: value.unit ?? undefined,
            }
          : {
              term_membership_grace_period: value.value ?? undefined,
              term_membership_grace_period_unit: value.unit ?? undefined,
            }
        const result = (failed ? gracePeriodRequestSchema : termGracePeriodRequestSchema).safeParse(body)
        if (result.success) return undefined
        const fields: Record<string, string> = {}
        for (const [key, message] of Object.entries(fieldErrorsOf(result.error))) {
          fields[key.endsWith('_unit') ? 'unit' : 'value'] = message
        }
        return { fields }
      },
    },
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const result = failed
        ? await save({
            setting: 'grace-period',
            body: gracePeriodRequestSchema.parse({
              failed_payment_grace_period: value.value,
              failed_payment_grace_period_unit: value.unit,
            }),
          })
        : await save({
            setting: 'term-membership-grace-period',
            body: termGracePeriodRequestSchema.parse({
              term_membership_grace_period: value.value,
              term_membership_grace_period_unit: value.unit,
            }),
          })
      if (!result.ok) {
        const errors = Object.fromEntries(
          Object.entries(result.errors).map(([key, messages]) => [
            key.endsWith('_unit') ? 'unit' : 'value',
            messages,
          ]),
        )
        return serverError.show(formApi, { ...result, errors })
      }
      toast.success(failed ? 'Failed-payment grace period saved' : 'Term-membership grace period saved')
    },
  })
  return (
    <SettingCard
      title={failed ? 'Failed-payment grace period' : 'Term-membership grace period'}
      description={
        failed
          ? 'How long a member whose payment failed keeps access while payments are retried, before the membership is cancelled.'
          : 'How long after a term ends before the membership moves to its ongoing price.'
      }
    >
      <form.AppForm>
        <form.Form
          aria-label={failed ? 'Failed-payment grace period' : 'Term-membership grace period'}
          className="flex flex-col gap-3"
        >
          {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
          <div className="grid grid-cols-2 gap-3">
            <form.AppField name="value">
              {(field) => <field.IntegerField label="Length" isRequired />}
            </form.AppField>
            <form.AppField name="unit">
              {(field) => <field.SelectField label="Unit" options={unitOptions} isRequired />}
            </form.AppField>
          </div>
          <div>
            <form.SubmitButton>Save grace period</form.SubmitButton>
          </div>
        </form.Form>
      </form.AppForm>
    </SettingCard>
  )
}

const FailedPaymentGraceForm = (props: { organisation: Organisation }) => (
  <GraceForm organisation={props.organisation} kind="grace-period" />
)
const TermGraceForm = (props: { organisation: Organisation }) => (
  <GraceForm organisation={props.organisation} kind="term-membership-grace-period" />
)

/** Days of notice before a member's price rises (issue 25): a rise sooner is refused, a cut is not. */
function PriceRiseNoticeForm(props: { organisation: Organisation }) {
  const save = useSaveSetting(props.organisation.id)
  const serverError = useActionFormError()
  const form = useConsoleForm({
    defaultValues: { price_rise_notice_days: props.organisation.price_rise_notice_days as number | null },
    validators: { onSubmit: priceRiseNoticeRequestSchema },
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const result = await save({
        setting: 'price-rise-notice',
        body: priceRiseNoticeRequestSchema.parse(value),
      })
      if (!result.ok) return serverError.show(formApi, result)
      toast.success('Notice period for a price rise saved')
    },
  })
  return (
    <SettingCard
      title="Notice period for a price rise"
      description="How many days ahead a member must be told before their price goes up. A rise that would take effect sooner is refused; a cut can take effect any day."
    >
      <form.AppForm>
        <form.Form aria-label="Notice period for a price rise" className="flex flex-col gap-3">
          {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
          <form.AppField name="price_rise_notice_days">
            {(field) => <field.IntegerField label="Days of notice" isRequired className="max-w-40" />}
          </form.AppField>
          <div>
            <form.SubmitButton>Save notice period</form.SubmitButton>
          </div>
        </form.Form>
      </form.AppForm>
    </SettingCard>
  )
}

function OfferingPermissionsForm(props: { organisation: Organisation }) {
  const save = useSaveSetting(props.organisation.id)
  const serverError = useActionFormError()
  const form = useConsoleForm({
    defaultValues: props.organisation.offering_permissions,
    validators: { onSubmit: offeringPermissionsRequestSchema },
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const result = await save({ setting: 'offering-permissions', body: value })
      if (!result.ok) return serverError.show(formApi, result)
      toast.success('Offering permissions saved')
    },
  })
  return (
    <SettingCard
      title="Offering permissions"
      description="Which kinds of offering staff may create. Existing offerings carry on either way."
    >
      <form.AppForm>
        <form.Form aria-label="Offering permissions" className="flex flex-col gap-3">
          {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
          <form.AppField name="enable_offerings">
            {(field) => <field.Checkbox>Offerings enabled</field.Checkbox>}
          </form.AppField>
          <form.AppField name="non_stop">
            {(field) => <field.Checkbox description="Access at any hour.">24/7 offerings</field.Checkbox>}
          </form.AppField>
          <form.AppField name="limited_access">
            {(field) => (
              <field.Checkbox description="Access during set opening hours.">
                Limited-hours offerings
              </field.Checkbox>
            )}
          </form.AppField>
          <div>
            <form.SubmitButton>Save permissions</form.SubmitButton>
          </div>
        </form.Form>
      </form.AppForm>
    </SettingCard>
  )
}

function PriceFrequenciesForm(props: { organisation: Organisation }) {
  const save = useSaveSetting(props.organisation.id)
  const serverError = useActionFormError()
  const form = useConsoleForm({
    defaultValues: { price_frequencies: [...props.organisation.price_frequencies] satisfies string[] },
    validators: {
      // One frequency at least stays on: a form with none ticked says so where the boxes are.
      onSubmit: ({ value }) => {
        return formErrorsOf(priceFrequenciesRequestSchema.safeParse(value))
      },
    },
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const parsed = priceFrequenciesRequestSchema.safeParse(value)
      if (!parsed.success) return
      const body = parsed.data
      const result = await save({ setting: 'price-frequencies', body })
      if (!result.ok) return serverError.show(formApi, result)
      toast.success('Price frequencies saved')
    },
  })
  return (
    <SettingCard
      title="Price frequencies"
      description="How often prices may bill. Turning one off keeps existing prices billing as they are."
    >
      <form.AppForm>
        <form.Form aria-label="Price frequencies" className="flex flex-col gap-3">
          {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
          <form.AppField name="price_frequencies">
            {(field) => (
              <field.CheckboxGroupField label="Frequencies offered">
                {organisationPriceFrequencies.map((frequency) => (
                  <Checkbox key={frequency} value={frequency}>
                    {organisationFrequencyLabels[frequency]}
                  </Checkbox>
                ))}
              </field.CheckboxGroupField>
            )}
          </form.AppField>
          <div>
            <form.SubmitButton>Save frequencies</form.SubmitButton>
          </div>
        </form.Form>
      </form.AppForm>
    </SettingCard>
  )
}

function AgeBypassLinks(props: { organisationId: number }) {
  const queryClient = useQueryClient()
  const create = useServerFn(createAgeBypassLink)
  const [isPending, setIsPending] = useState(false)
  const {
    data: links,
    isPending: isLoading,
    error,
  } = useQuery(organisationQueries.ageBypassLinks(props.organisationId))
  return (
    <SettingCard
      title="Age-bypass links"
      description="Joining online needs members to be 16 or older. Each link lets one younger person sign up, once."
    >
      <div>
        <Button
          variant="secondary"
          size="sm"
          isPending={isPending}
          onPress={async () => {
            setIsPending(true)
            const result = await create({ data: { id: props.organisationId } })
            setIsPending(false)
            if (!result.ok) return toast.error(result.message)
            await queryClient.invalidateQueries({
              queryKey: organisationQueries.ageBypassLinks(props.organisationId).queryKey,
            })
            toast.success('Age-bypass link created')
          }}
        >
          <Link2 aria-hidden="true" className="size-4" />
          Create age-bypass link
        </Button>
      </div>
      {isLoading ? (
        <SkeletonBar className="h-10 w-full" />
      ) : error ? (
        <Alert tone="error">{error.message}</Alert>
      ) : links && links.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {links.map((link) => (
            <LinkRow
              key={link.id}
              url={link.url}
              createdAt={link.created_at}
              copyable={!link.used_at}
              status={
                link.used_at ? (
                  <Badge>Used {formatDate(link.used_at)}</Badge>
                ) : (
                  <Badge tone="green">Unused</Badge>
                )
              }
            />
          ))}
        </ul>
      ) : (
        <p className="text-slate-600 text-sm">No links yet.</p>
      )}
    </SettingCard>
  )
}

function AkahuWebhooks(props: { organisationId: number }) {
  const [page, setPage] = useState(1)
  const { data, isPending, error } = useQuery(organisationQueries.akahuWebhooks(props.organisationId, page))
  return (
    <PageSection
      id="akahu-webhooks"
      title="Akahu webhooks"
      description="What the bank-payment provider told us about your members’ payments and connections, newest first."
    >
      {isPending ? (
        <SkeletonTable columns={4} rows={3} />
      ) : error ? (
        <Alert tone="error">{error.message}</Alert>
      ) : data.data.length === 0 ? (
        <Card>
          <p className="font-medium">No webhooks yet</p>
          <p className="mt-1 text-slate-600 text-sm">
            They appear here once members pay by bank account through Akahu.
          </p>
        </Card>
      ) : (
        <>
          <TableFrame>
            <Table aria-label="Akahu webhooks">
              <TableHeader>
                <Column>Received</Column>
                <Column>Event</Column>
                <Column>Outcome</Column>
                <Column>Payload</Column>
              </TableHeader>
              <TableBody>
                {data.data.map((row) => (
                  <Row key={row.id}>
                    <Cell isRowHeader>{formatDate(row.received_at)}</Cell>
                    <Cell>
                      <code className="text-xs">{row.type}</code>
                    </Cell>
                    <Cell>
                      {row.error ? (
                        <Badge tone="red">Failed: {row.error}</Badge>
                      ) : row.processed_at ? (
                        <Badge tone="green">Processed</Badge>
                      ) : (
                        <Badge tone="amber">Waiting</Badge>
                      )}
                    </Cell>
                    <Cell>
                      <code className="line-clamp-2 max-w-xs break-all text-slate-700 text-xs">
                        {row.payload}
                      </code>
                    </Cell>
                  </Row>
                ))}
              </TableBody>
            </Table>
          </TableFrame>
          <div className="flex items-center justify-between text-slate-600 text-sm">
            <p>{`${data.meta.from ?? 0}–${data.meta.to ?? 0} of ${data.meta.total}`}</p>
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => setPage(page - 1)}>
                <ChevronLeft aria-hidden="true" className="size-4" />
                Previous
              </Button>
              <Button
                variant="secondary"
                size="sm"
                isDisabled={page >= data.meta.last_page}
                onPress={() => setPage(page + 1)}
              >
                Next
                <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </div>
        </>
      )}
    </PageSection>
  )
}

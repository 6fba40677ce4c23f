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
  selfServiceRequestSchema,
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
          <SelfServiceForm organisation={organisation} />
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

type SettingForm = ReturnType<typeof useConsoleForm>
type SettingFormApi = Parameters<ReturnType<typeof useActionFormError>['show']>[0]

/**
 * Saves one setting from its form. Saved, it refreshes what shows the setting (the session's organisation
 * name included), says so in a toast and answers the organisation; refused, the server's errors go under
 * their fields (`fieldOf` names the form's field where it differs from the request's) or above the form.
 */
function useSaveSetting(organisationId: number) {
  const queryClient = useQueryClient()
  const update = useServerFn(updateOrganisationSetting)
  const serverError = useActionFormError()
  async function save(
    formApi: SettingFormApi,
    change: OrganisationSettingChange,
    saved: string,
    fieldOf = (key: string) => key,
  ): Promise<Organisation | undefined> {
    serverError.clear()
    const result = await update({ data: { id: organisationId, ...change } })
    if (!result.ok) {
      const errors = Object.fromEntries(
        Object.entries(result.errors).map(([key, messages]) => [fieldOf(key), messages]),
      )
      serverError.show(formApi, { ...result, errors })
      return undefined
    }
    queryClient.setQueryData(organisationQueries.settings(organisationId).queryKey, result.data)
    await queryClient.invalidateQueries({ queryKey: ['session'] })
    toast.success(saved)
    return result.data
  }
  return { save, error: serverError.message }
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

/** A setting's card holding its form: the server's message above the fields, the save button below them. */
function SettingFormCard(props: {
  form: Pick<SettingForm, 'AppForm' | 'Form' | 'SubmitButton'>
  title: string
  description: string
  error: string | undefined
  submit: string
  children: ReactNode
}) {
  const { form } = props
  return (
    <SettingCard title={props.title} description={props.description}>
      <form.AppForm>
        <form.Form aria-label={props.title} className="flex flex-col gap-3">
          {props.error ? <Alert tone="error">{props.error}</Alert> : null}
          {props.children}
          <div>
            <form.SubmitButton>{props.submit}</form.SubmitButton>
          </div>
        </form.Form>
      </form.AppForm>
    </SettingCard>
  )
}

function NameForm(props: { organisation: Organisation }) {
  const setting = useSaveSetting(props.organisation.id)
  const form = useConsoleForm({
    defaultValues: { name: props.organisation.name },
    validators: { onSubmit: organisationNameRequestSchema },
    onSubmit: async ({ value, formApi }) => {
      await setting.save(formApi, { setting: 'name', body: value }, 'Name saved')
    },
  })
  return (
    <SettingCard title="Name" description="Shown to staff, and to members on the join site and in e-mails.">
      <form.AppForm>
        <form.Form aria-label="Organisation name" className="flex flex-col gap-3 sm:flex-row sm:items-start">
          {setting.error ? <Alert tone="error">{setting.error}</Alert> : null}
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
  const setting = useSaveSetting(props.organisation.id)
  const form = useConsoleForm({
    defaultValues: {
      legal_name: props.organisation.legal_name ?? '',
      gst_number: props.organisation.gst_number ?? '',
    },
    validators: { onSubmit: taxDetailsRequestSchema },
    onSubmit: async ({ value, formApi }) => {
      const saved = await setting.save(formApi, { setting: 'tax-details', body: value }, 'Tax details saved')
      if (saved) formApi.reset({ legal_name: saved.legal_name ?? '', gst_number: saved.gst_number ?? '' })
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
          {setting.error ? (
            <Alert tone="error" className="sm:col-span-3">
              {setting.error}
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

/** A grace period's request names its fields after the setting; its form calls them value and unit. */
const graceField = (key: string) => (key.endsWith('_unit') ? 'unit' : 'value')

function GraceForm(props: {
  organisation: Organisation
  kind: 'grace-period' | 'term-membership-grace-period'
}) {
  const setting = useSaveSetting(props.organisation.id)
  const failed = props.kind === 'grace-period'
  const title = failed ? 'Failed-payment grace period' : 'Term-membership grace period'
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
          fields[graceField(key)] = message
        }
        return { fields }
      },
    },
    onSubmit: async ({ value, formApi }) => {
      const change: OrganisationSettingChange = failed
        ? {
            setting: 'grace-period',
            body: gracePeriodRequestSchema.parse({
              failed_payment_grace_period: value.value,
              failed_payment_grace_period_unit: value.unit,
            }),
          }
        : {
            setting: 'term-membership-grace-period',
            body: termGracePeriodRequestSchema.parse({
              term_membership_grace_period: value.value,
              term_membership_grace_period_unit: value.unit,
            }),
          }
      await setting.save(formApi, change, `${title} saved`, graceField)
    },
  })
  return (
    <SettingFormCard
      form={form}
      title={title}
      description={
        failed
          ? 'How long a member whose payment failed keeps access while payments are retried, before the membership is cancelled.'
          : 'How long after a term ends before the membership moves to its ongoing price.'
      }
      error={setting.error}
      submit="Save grace period"
    >
      <div className="grid grid-cols-2 gap-3">
        <form.AppField name="value">
          {(field) => <field.IntegerField label="Length" isRequired />}
        </form.AppField>
        <form.AppField name="unit">
          {(field) => <field.SelectField label="Unit" options={unitOptions} isRequired />}
        </form.AppField>
      </div>
    </SettingFormCard>
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
  const setting = useSaveSetting(props.organisation.id)
  const form = useConsoleForm({
    defaultValues: { price_rise_notice_days: props.organisation.price_rise_notice_days as number | null },
    validators: { onSubmit: priceRiseNoticeRequestSchema },
    onSubmit: async ({ value, formApi }) => {
      const body = priceRiseNoticeRequestSchema.parse(value)
      await setting.save(
        formApi,
        { setting: 'price-rise-notice', body },
        'Notice period for a price rise saved',
      )
    },
  })
  return (
    <SettingFormCard
      form={form}
      title="Notice period for a price rise"
      description="How many days ahead a member must be told before their price goes up. A rise that would take effect sooner is refused; a cut can take effect any day."
      error={setting.error}
      submit="Save notice period"
    >
      <form.AppField name="price_rise_notice_days">
        {(field) => <field.IntegerField label="Days of notice" isRequired className="max-w-40" />}
      </form.AppField>
    </SettingFormCard>
  )
}

function OfferingPermissionsForm(props: { organisation: Organisation }) {
  const setting = useSaveSetting(props.organisation.id)
  const form = useConsoleForm({
    defaultValues: props.organisation.offering_permissions,
    validators: { onSubmit: offeringPermissionsRequestSchema },
    onSubmit: async ({ value, formApi }) => {
      await setting.save(
        formApi,
        { setting: 'offering-permissions', body: value },
        'Offering permissions saved',
      )
    },
  })
  return (
    <SettingFormCard
      form={form}
      title="Offering permissions"
      description="Which kinds of offering staff may create. Existing offerings carry on either way."
      error={setting.error}
      submit="Save permissions"
    >
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
    </SettingFormCard>
  )
}

function SelfServiceForm(props: { organisation: Organisation }) {
  const setting = useSaveSetting(props.organisation.id)
  const form = useConsoleForm({
    defaultValues: props.organisation.self_service,
    validators: { onSubmit: selfServiceRequestSchema },
    onSubmit: async ({ value, formApi }) => {
      await setting.save(
        formApi,
        { setting: 'member-self-service', body: value },
        'Member self-service saved',
      )
    },
  })
  return (
    <SettingFormCard
      form={form}
      title="Member self-service"
      description="What members may do for themselves in their account on the join site."
      error={setting.error}
      submit="Save self-service"
    >
      <form.AppField name="members_may_pause_online">
        {(field) => (
          <field.Checkbox description="Members pause over a holiday from their phone, within the same rules as staff.">
            Members may pause online
          </field.Checkbox>
        )}
      </form.AppField>
      <form.AppField name="members_may_cancel_online">
        {(field) => (
          <field.Checkbox description="Members cancel at the end of their paid period (or their term’s rules) and may undo it until then.">
            Members may cancel online
          </field.Checkbox>
        )}
      </form.AppField>
    </SettingFormCard>
  )
}

function PriceFrequenciesForm(props: { organisation: Organisation }) {
  const setting = useSaveSetting(props.organisation.id)
  const form = useConsoleForm({
    defaultValues: { price_frequencies: [...props.organisation.price_frequencies] satisfies string[] },
    validators: {
      // One frequency at least stays on: a form with none ticked says so where the boxes are.
      onSubmit: ({ value }) => {
        return formErrorsOf(priceFrequenciesRequestSchema.safeParse(value))
      },
    },
    onSubmit: async ({ value, formApi }) => {
      const parsed = priceFrequenciesRequestSchema.safeParse(value)
      if (!parsed.success) return
      await setting.save(
        formApi,
        { setting: 'price-frequencies', body: parsed.data },
        'Price frequencies saved',
      )
    },
  })
  return (
    <SettingFormCard
      form={form}
      title="Price frequencies"
      description="How often prices may bill. Turning one off keeps existing prices billing as they are."
      error={setting.error}
      submit="Save frequencies"
    >
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
    </SettingFormCard>
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

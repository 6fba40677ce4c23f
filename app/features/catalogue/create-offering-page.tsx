import { useStore } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { CircleAlert, Plus, Trash2 } from 'lucide-react'
import { useConsoleForm } from '~/components/form/console-form-hook'
import { fieldErrorsOf, getFirstErrorMessage } from '~/components/form/field-errors'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { Page } from '~/components/page'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Checkbox } from '~/components/ui/checkbox'
import { Radio } from '~/components/ui/radio-group'
import { toast } from '~/components/ui/toast'
import type { SessionUser } from '~/contracts/auth'
import {
  createOfferingRequestSchema,
  dayNames,
  type Offering,
  offeringTypeLabels,
  updateOfferingRequestSchema,
} from '~/contracts/catalogue'
import type { Organisation } from '~/contracts/organisation'
import { createOffering, updateOffering } from './catalogue.functions'
import {
  defaultOfferingValues,
  emptyPrice,
  frequencyOptions,
  offeringDraft,
  offeringUpdateDraft,
  offeringValuesFrom,
  rowKey,
  termUnitOptions,
  validateOffering,
  validateOfferingUpdate,
} from './offering-form'
import { catalogueQueries } from './queries'

const dayOptions = dayNames.map((name, index) => ({ id: String(index + 1), name }))

/** The offering types the organisation sells (SPEC §4): 24/7 needs `non_stop`, Limited Hours `limited_access`. */
function typeOptions(organisation: Organisation) {
  const permissions = organisation.offering_permissions
  return [
    permissions.non_stop ? { id: '24_7', name: '24/7', hint: 'Access at any hour' } : null,
    permissions.limited_access
      ? { id: 'limited_access', name: 'Limited hours', hint: 'Access during the opening hours below' }
      : null,
  ].filter((option) => option !== null)
}

/** The organisation's settings decide which types and frequencies it offers; the route loads them. */
export function CreateOfferingPage(props: { user: SessionUser; organisation: Organisation }) {
  const { organisation } = props
  const types = typeOptions(organisation)
  const description = 'A membership type: who it is for, when members may come in, and what it costs.'
  if (!organisation.offering_permissions.enable_offerings || types.length === 0) {
    return (
      <Page title="New offering" description={description}>
        <Alert tone="info" title="Offerings are turned off">
          The organisation doesn’t sell offerings at the moment. An organisation admin can turn them on in the
          organisation settings.
        </Alert>
      </Page>
    )
  }
  return (
    <Page title="New offering" description={description}>
      <OfferingForm user={props.user} organisation={organisation} types={types} />
    </Page>
  )
}

/** offerings.edit: an offering's name, description, gyms and opening hours (issue 13). */
export function EditOfferingPage(props: {
  user: SessionUser
  organisation: Organisation
  offering: Offering
}) {
  return (
    <Page
      title={`Edit ${props.offering.name}`}
      description="Its type and prices stay as members joined them: prices are edited on the offering's page."
    >
      <OfferingForm
        user={props.user}
        organisation={props.organisation}
        types={typeOptions(props.organisation)}
        offering={props.offering}
      />
    </Page>
  )
}

function OfferingForm(props: {
  user: SessionUser
  organisation: Organisation
  types: ReturnType<typeof typeOptions>
  /** The offering being edited; absent when creating one. */
  offering?: Offering
}) {
  const { user, organisation, types, offering } = props
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const serverError = useActionFormError()
  const create = useServerFn(createOffering)
  const update = useServerFn(updateOffering)
  const frequencies = frequencyOptions(organisation)
  // A gym admin creates offerings for the gyms they administer (ADR 013).
  const gyms =
    user.current_organisation?.role === 'admin' ? user.gyms : user.gyms.filter((gym) => gym.role === 'admin')
  const singleGym = gyms.length === 1 && !offering ? gyms[0] : undefined

  const form = useConsoleForm({
    defaultValues: offering
      ? offeringValuesFrom(offering)
      : defaultOfferingValues({
          gymIds: singleGym ? [singleGym.id] : [],
          type: types.length === 1 ? (types[0]?.id ?? null) : null,
        }),
    validators: {
      onSubmit: ({ value }) => (offering ? validateOfferingUpdate(value) : validateOffering(value)),
    },
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      if (offering) {
        const parsed = updateOfferingRequestSchema.safeParse(offeringUpdateDraft(value))
        if (!parsed.success) return
        const result = await update({ data: { id: offering.id, offering: parsed.data } })
        if (!result.ok) return serverError.show(formApi, result)
        await queryClient.invalidateQueries({ queryKey: catalogueQueries.all })
        toast.success(`${result.data.name} saved`)
        await navigate({ to: '/console/offerings/$id', params: { id: offering.id } })
        return
      }
      const parsed = createOfferingRequestSchema.safeParse(offeringDraft(value))
      if (!parsed.success) {
        serverError.show(formApi, {
          ok: false,
          status: 422,
          message: 'Check the highlighted fields.',
          errors: Object.fromEntries(Object.entries(fieldErrorsOf(parsed.error)).map(([k, m]) => [k, [m]])),
          error: undefined,
        })
        return
      }
      const result = await create({ data: parsed.data })
      if (!result.ok) return serverError.show(formApi, result)
      await queryClient.invalidateQueries({ queryKey: catalogueQueries.all })
      toast.success(`${result.data.name} created`)
      await navigate({ to: '/console/offerings/$id', params: { id: result.data.id } })
    },
  })
  const type = useStore(form.store, (state) => state.values.type)

  return (
    <form.AppForm>
      <form.Form
        aria-label={offering ? `Edit ${offering.name}` : 'New offering'}
        className="flex flex-col gap-6"
      >
        {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}

        <Card className="flex flex-col gap-5">
          <h2 className="font-semibold text-base">Details</h2>
          <form.AppField name="name">
            {(field) => <field.TextField label="Name" placeholder="e.g. Off-peak" isRequired />}
          </form.AppField>
          <form.AppField name="description">
            {(field) => (
              <field.TextField label="Description" description="Shown to people choosing a membership." />
            )}
          </form.AppField>
          {offering ? (
            <p className="text-slate-700 text-sm">
              Type: <strong>{offeringTypeLabels[offering.type]}</strong>, as its members joined it.
            </p>
          ) : (
            <form.AppField name="type">
              {(field) => (
                <field.RadioGroupField label="Type" isRequired>
                  {types.map((option) => (
                    <Radio key={option.id} value={option.id}>
                      <span>
                        {option.name} <span className="text-slate-600">· {option.hint}</span>
                      </span>
                    </Radio>
                  ))}
                </field.RadioGroupField>
              )}
            </form.AppField>
          )}
          {offering?.all_gyms_access ? (
            <p className="text-slate-700 text-sm">
              Gives access to <strong>every gym</strong> of the organisation.
            </p>
          ) : singleGym ? (
            <p className="text-slate-700 text-sm">
              Sold at <strong>{singleGym.name}</strong>.
            </p>
          ) : (
            <form.AppField name="gyms">
              {(field) => (
                <field.CheckboxGroupField
                  label="Gyms"
                  description="Members of this offering may use these gyms."
                >
                  {gyms.map((gym) => (
                    <Checkbox key={gym.id} value={String(gym.id)}>
                      {gym.name}
                    </Checkbox>
                  ))}
                </field.CheckboxGroupField>
              )}
            </form.AppField>
          )}
          {offering ? null : (
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-2 font-medium text-slate-900 text-sm">Requirements</legend>
              <form.AppField name="mandated">
                {(field) => <field.Checkbox>Mandated</field.Checkbox>}
              </form.AppField>
              <form.AppField name="hours_mandated">
                {(field) => (
                  <field.Checkbox description="A limited-hours offering must list at least one day.">
                    Opening hours mandated
                  </field.Checkbox>
                )}
              </form.AppField>
              <form.AppField name="prices_mandated">
                {(field) => <field.Checkbox>Prices mandated</field.Checkbox>}
              </form.AppField>
            </fieldset>
          )}
        </Card>

        {type === 'limited_access' ? (
          <Card className="flex flex-col gap-4" role="region" aria-labelledby="hours-heading">
            <div>
              <h2 id="hours-heading" className="font-semibold text-base">
                Opening hours
              </h2>
              <p className="text-slate-600 text-sm">When members of this offering may come in, day by day.</p>
            </div>
            <form.Field name="hours" mode="array">
              {(hoursField) => (
                <>
                  {hoursField.state.value.length === 0 ? (
                    <p className="text-slate-600 text-sm">No days yet.</p>
                  ) : null}
                  <ul className="flex flex-col gap-3">
                    {hoursField.state.value.map((window, index) => (
                      <li
                        key={window.key}
                        className="grid grid-cols-2 items-start gap-3 sm:grid-cols-[1fr_1fr_1fr_auto]"
                      >
                        <form.AppField name={`hours[${index}].day`}>
                          {(field) => (
                            <field.SelectField
                              label="Day"
                              options={dayOptions}
                              className="col-span-2 sm:col-span-1"
                            />
                          )}
                        </form.AppField>
                        <form.AppField name={`hours[${index}].open_at`}>
                          {(field) => <field.TimeField label="Opens" />}
                        </form.AppField>
                        <form.AppField name={`hours[${index}].close_at`}>
                          {(field) => <field.TimeField label="Closes" />}
                        </form.AppField>
                        <Button
                          variant="quiet"
                          isIconOnly
                          aria-label={`Remove hours ${index + 1}`}
                          className="col-span-2 justify-self-end sm:col-span-1 sm:mt-7"
                          onPress={() => hoursField.removeValue(index)}
                        >
                          <Trash2 aria-hidden="true" className="size-4" />
                        </Button>
                      </li>
                    ))}
                  </ul>
                  <HoursError errors={hoursField.state.meta.errors} />
                  <div>
                    <Button
                      variant="secondary"
                      size="sm"
                      onPress={() => {
                        const used = new Set(hoursField.state.value.map((window) => window.day))
                        const next = dayOptions.find((option) => !used.has(option.id))?.id ?? '1'
                        hoursField.pushValue({
                          key: rowKey(),
                          day: next,
                          open_at: '06:00',
                          close_at: '21:00',
                        })
                      }}
                    >
                      <Plus aria-hidden="true" className="size-4" />
                      Add day
                    </Button>
                  </div>
                </>
              )}
            </form.Field>
          </Card>
        ) : null}

        {offering ? null : (
          <Card className="flex flex-col gap-4" role="region" aria-labelledby="prices-heading">
            <div>
              <h2 id="prices-heading" className="font-semibold text-base">
                Prices
              </h2>
              <p className="text-slate-600 text-sm">
                What members pay and how often. A term commits them for its length; without one they can leave
                any time.
              </p>
            </div>
            <form.Field name="prices" mode="array">
              {(pricesField) => (
                <>
                  <ul className="flex flex-col gap-4">
                    {pricesField.state.value.map((price, index) => (
                      <li
                        key={price.key}
                        className="grid grid-cols-1 gap-3 rounded-md border border-slate-200 p-4 sm:grid-cols-3"
                      >
                        <h3 className="font-medium text-slate-900 text-sm sm:col-span-3">
                          Price {index + 1}
                        </h3>
                        <form.AppField name={`prices[${index}].amount`}>
                          {(field) => <field.MoneyField label="Amount" isRequired />}
                        </form.AppField>
                        <form.AppField name={`prices[${index}].billing_frequency`}>
                          {(field) => (
                            <field.SelectField label="Billing frequency" options={frequencies} isRequired />
                          )}
                        </form.AppField>
                        <form.AppField name={`prices[${index}].joining_fee`}>
                          {(field) => (
                            <field.MoneyField
                              label="Joining fee"
                              description="Charged once, with the first payment."
                            />
                          )}
                        </form.AppField>
                        <form.AppField name={`prices[${index}].term_amount`}>
                          {(field) => <field.IntegerField label="Term length" />}
                        </form.AppField>
                        <form.AppField name={`prices[${index}].term_unit`}>
                          {(field) => <field.SelectField label="Term unit" options={termUnitOptions} />}
                        </form.AppField>
                        <div className="flex items-end justify-between gap-3 sm:pb-2">
                          <form.AppField name={`prices[${index}].private`}>
                            {(field) => (
                              <field.Checkbox description="Offered only through a private link.">
                                Private
                              </field.Checkbox>
                            )}
                          </form.AppField>
                          <Button
                            variant="quiet"
                            isIconOnly
                            aria-label={`Remove price ${index + 1}`}
                            onPress={() => pricesField.removeValue(index)}
                          >
                            <Trash2 aria-hidden="true" className="size-4" />
                          </Button>
                        </div>
                      </li>
                    ))}
                  </ul>
                  <div>
                    <Button variant="secondary" size="sm" onPress={() => pricesField.pushValue(emptyPrice())}>
                      <Plus aria-hidden="true" className="size-4" />
                      Add price
                    </Button>
                  </div>
                </>
              )}
            </form.Field>
          </Card>
        )}

        <div className="flex justify-end gap-2">
          {offering ? (
            <Button
              variant="secondary"
              onPress={() => navigate({ to: '/console/offerings/$id', params: { id: offering.id } })}
            >
              Cancel
            </Button>
          ) : null}
          <form.SubmitButton>{offering ? 'Save changes' : 'Create offering'}</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  )
}

/**
 * "Add at least one day" belongs to the list, not to one of its fields: `data-form-error` lets the form
 * scroll to it and focus it like a field in error (SPEC §5).
 */
function HoursError(props: { errors: readonly unknown[] }) {
  const message = getFirstErrorMessage(props.errors)
  if (!message) return null
  return (
    <p data-form-error tabIndex={-1} className="flex items-start gap-1.5 text-red-700 text-sm outline-none">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  )
}

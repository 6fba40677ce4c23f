import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useConsoleForm } from '~/components/form/console-form-hook'
import { draftChecks } from '~/components/form/draft-checks'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { Page } from '~/components/page'
import { Alert } from '~/components/ui/alert'
import { Card } from '~/components/ui/card'
import { toast } from '~/components/ui/toast'
import type { SessionUser } from '~/contracts/auth'
import { describePrice } from '~/contracts/catalogue'
import { addMemberRequestSchema } from '~/contracts/members'
import { catalogueQueries } from '~/features/catalogue/queries'
import { addMember } from './members.functions'
import { memberQueries } from './queries'

const title = 'Add member'
const description =
  'They get an e-mail with a link to set a password and finish joining: about them, their photo, how they’ll pay and the agreement. Nothing is charged until they confirm.'

const noPrice = 'later'

/** members.create (issue 15): the desk adds a member; the join flow does the rest with them. */
export function AddMemberPage(props: { user: SessionUser }) {
  const { user } = props
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const serverError = useActionFormError()
  const add = useServerFn(addMember)
  // Members are added at gyms the user runs (their admins, or an organisation admin).
  const gyms =
    user.current_organisation?.role === 'admin' ? user.gyms : user.gyms.filter((gym) => gym.role === 'admin')
  const prices = useQuery(catalogueQueries.organisationPrices(user.current_organisation?.id ?? 0))
  const form = useConsoleForm({
    defaultValues: {
      name: '',
      email: '',
      mobile_number: '',
      dob: '',
      gym_id: (gyms.length === 1 ? String(gyms[0]?.id) : null) as string | null,
      price_id: noPrice as string | null,
    },
    validators: draftChecks(addMemberRequestSchema, draft),
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const parsed = addMemberRequestSchema.safeParse(draft(value))
      if (!parsed.success) return
      const result = await add({ data: parsed.data })
      if (!result.ok) return serverError.show(formApi, result)
      await queryClient.invalidateQueries({ queryKey: memberQueries.all })
      toast.success(
        `${result.data.name} added: the link to finish joining is on its way to ${result.data.email}`,
      )
      await navigate({ to: '/console/members/$id', params: { id: result.data.id } })
    },
  })
  if (gyms.length === 0) {
    return (
      <Page title={title} description={description} narrow>
        <Alert tone="info">
          Members are added by the admins of a gym. Ask one of them, or an organisation admin.
        </Alert>
      </Page>
    )
  }
  return (
    <Page title={title} description={description}>
      <Card className="max-w-2xl">
        <form.AppForm>
          <form.Form aria-label="Add member" className="grid gap-4 sm:grid-cols-2">
            {serverError.message ? (
              <div className="sm:col-span-2">
                <Alert tone="error">{serverError.message}</Alert>
              </div>
            ) : null}
            <form.AppField name="name">
              {(field) => <field.TextField label="Name" autoComplete="off" isRequired maxLength={120} />}
            </form.AppField>
            <form.AppField name="email">
              {(field) => (
                <field.TextField label="E-mail" type="email" autoComplete="off" isRequired maxLength={254} />
              )}
            </form.AppField>
            <form.AppField name="mobile_number">
              {(field) => (
                <field.TextField label="Mobile" type="tel" inputMode="tel" autoComplete="off" isRequired />
              )}
            </form.AppField>
            <form.AppField name="dob">
              {(field) => <field.DateField label="Date of birth" isRequired />}
            </form.AppField>
            <form.AppField name="gym_id">
              {(field) => (
                <field.SelectField
                  label="Gym"
                  options={gyms.map((gym) => ({ id: String(gym.id), name: gym.name }))}
                  isRequired
                />
              )}
            </form.AppField>
            <form.Subscribe selector={(state) => state.values.gym_id}>
              {(gymId) => (
                <form.AppField name="price_id">
                  {(field) => (
                    <field.SelectField
                      label="Membership"
                      description="Preselected when they confirm; they can choose another."
                      options={[
                        { id: noPrice, name: 'They choose when they join' },
                        ...(prices.data ?? [])
                          .filter(
                            (price) => !price.archived_at && (!price.gym || String(price.gym.id) === gymId),
                          )
                          .map((price) => ({
                            id: String(price.id),
                            name: `${price.offering_name} · ${describePrice(price)}${price.private ? ' (private)' : ''}`,
                          })),
                      ]}
                    />
                  )}
                </form.AppField>
              )}
            </form.Subscribe>
            <div className="flex justify-end gap-2 sm:col-span-2">
              <form.SubmitButton>Add and send the link</form.SubmitButton>
            </div>
          </form.Form>
        </form.AppForm>
      </Card>
    </Page>
  )
}

function draft(value: {
  name: string
  email: string
  mobile_number: string
  dob: string
  gym_id: string | null
  price_id: string | null
}) {
  return {
    name: value.name,
    email: value.email,
    mobile_number: value.mobile_number,
    dob: value.dob,
    gym_id: value.gym_id === null ? undefined : Number(value.gym_id),
    price_id: value.price_id === null || value.price_id === noPrice ? undefined : Number(value.price_id),
  }
}

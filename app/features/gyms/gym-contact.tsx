import { useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { Mail, MapPin, Phone } from 'lucide-react'
import { Fact } from '~/components/fact'
import { draftChecks } from '~/components/form/draft-checks'
import { useAppForm } from '~/components/form/form-hook'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormDialogButton } from '~/components/ui/form-dialog-button'
import { toast } from '~/components/ui/toast'
import { type Gym, gymContactRequestSchema } from '~/contracts/gyms'
import { saveGymContact } from './gyms.functions'
import { gymQueries } from './queries'

const notGiven = <span className="text-slate-600">Not given</span>

/**
 * How members reach the gym (issue 28): what their account page shows under "Contact <gym>", and the
 * organisation admin's way to change it.
 */
export function GymContactCard(props: { gym: Gym }) {
  const { gym } = props
  const { contact } = gym
  return (
    <Card>
      <h2 className="font-semibold text-slate-900">Contact for members</h2>
      <p className="mt-1 text-slate-600 text-sm">Members see this on their account page.</p>
      <dl aria-label="Contact for members" className="mt-3 flex flex-col gap-3">
        <Fact label="Phone" icon={Phone}>
          {contact.phone ?? notGiven}
        </Fact>
        <Fact label="E-mail" icon={Mail} wrap>
          {contact.email ?? notGiven}
        </Fact>
        <Fact label="Address" icon={MapPin} wrap>
          {contact.address ?? notGiven}
        </Fact>
      </dl>
      <div className="mt-3 ml-8">
        <FormDialogButton
          title={`How members contact ${gym.name}`}
          label="Change contact"
          variant="secondary"
          size="sm"
        >
          {(close) => <GymContactForm gym={gym} onDone={close} />}
        </FormDialogButton>
      </div>
    </Card>
  )
}

function GymContactForm(props: { gym: Gym; onDone: () => void }) {
  const { gym } = props
  const queryClient = useQueryClient()
  const save = useServerFn(saveGymContact)
  const serverError = useActionFormError()
  const form = useAppForm({
    defaultValues: {
      phone: gym.contact.phone ?? '',
      email: gym.contact.email ?? '',
      address: gym.contact.address ?? '',
    },
    validators: draftChecks(gymContactRequestSchema, (value) => value),
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const parsed = gymContactRequestSchema.safeParse(value)
      if (!parsed.success) return
      const result = await save({ data: { id: gym.id, contact: parsed.data } })
      if (!result.ok) return serverError.show(formApi, result)
      queryClient.setQueryData(gymQueries.gym(gym.id).queryKey, result.data)
      void queryClient.invalidateQueries({ queryKey: gymQueries.list().queryKey })
      toast.success(`${gym.name}’s contact saved`)
      props.onDone()
    },
  })
  return (
    <form.AppForm>
      <form.Form aria-label="Gym contact" className="flex flex-col gap-4">
        {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
        <form.AppField name="phone">
          {(field) => (
            <field.TextField
              label="Phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              description="The number members ring, e.g. 09 555 0100"
              maxLength={30}
            />
          )}
        </form.AppField>
        <form.AppField name="email">
          {(field) => (
            <field.TextField
              label="E-mail"
              type="email"
              autoComplete="off"
              description="Where members write to the gym"
              maxLength={254}
            />
          )}
        </form.AppField>
        <form.AppField name="address">
          {(field) => (
            <field.TextField
              label="Address"
              autoComplete="off"
              description="Street, suburb and city, e.g. 1 Queen Street, Auckland Central, Auckland 1010"
              maxLength={300}
            />
          )}
        </form.AppField>
        <p className="text-slate-700 text-sm">Leave a field empty to stop showing it to members.</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onPress={props.onDone}>
            Cancel
          </Button>
          <form.SubmitButton>Save contact</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  )
}

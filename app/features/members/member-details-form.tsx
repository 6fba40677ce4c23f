import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { useConsoleForm } from '~/components/form/console-form-hook'
import { draftChecks } from '~/components/form/draft-checks'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/modal'
import { toast } from '~/components/ui/toast'
import { type MemberDetail, updateMemberRequestSchema } from '~/contracts/members'
import { formatDate } from '~/lib/dates'
import { deleteMember, updateMember } from './members.functions'
import { memberQueries } from './queries'

function valuesOf(member: MemberDetail) {
  return {
    name: member.name,
    email: member.email,
    mobile_number: member.mobile_number ?? '',
    dob: member.dob ?? '',
    address: member.address.address ?? '',
    suburb: member.address.suburb ?? '',
    city: member.address.city ?? '',
    post_code: member.address.post_code ?? '',
    emergency_contact_name: member.emergency_contact.name ?? '',
    emergency_contact_relationship: member.emergency_contact.relationship ?? '',
    emergency_contact_mobile_number: member.emergency_contact.mobile_number ?? '',
    emergency_contact_email: member.emergency_contact.email ?? '',
    tags: member.tags.join(', '),
    notes: member.notes ?? '',
    email_notifications_enabled: member.preferences.email_notifications_enabled,
    push_notifications_enabled: member.preferences.push_notifications_enabled,
    payment_reminders: member.preferences.payment_reminders,
  }
}

type Values = ReturnType<typeof valuesOf>

/** Tags typed as a list: "VIP, Early bird" → ["VIP", "Early bird"], each once. */
function draft(value: Values) {
  const tags = [
    ...new Set(
      value.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ]
  return { ...value, tags }
}

/** The member's details as staff keep them (issue 15), with the join site's rules. */
export function MemberDetailsForm(props: { member: MemberDetail; onDone: () => void }) {
  const { member } = props
  const queryClient = useQueryClient()
  const save = useServerFn(updateMember)
  const serverError = useActionFormError()
  const form = useConsoleForm({
    defaultValues: valuesOf(member),
    validators: draftChecks(updateMemberRequestSchema, draft),
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const parsed = updateMemberRequestSchema.safeParse(draft(value))
      if (!parsed.success) return
      const result = await save({ data: { id: member.id, ...parsed.data } })
      if (!result.ok) return serverError.show(formApi, result)
      // The answer is the member's page as it now stands; what else shows the details reads again.
      queryClient.setQueryData(memberQueries.member(member.id).queryKey, result.data)
      void queryClient.invalidateQueries({ queryKey: ['members', 'list'] })
      void queryClient.invalidateQueries({ queryKey: ['members', 'member', member.id, 'history'] })
      toast.success(`${result.data.name}’s details saved`)
      props.onDone()
    },
  })
  return (
    <form.AppForm>
      <form.Form
        aria-label="Edit details"
        className="grid max-h-[70vh] gap-4 overflow-y-auto p-1 sm:grid-cols-2"
      >
        {serverError.message ? (
          <div className="sm:col-span-2">
            <Alert tone="error">{serverError.message}</Alert>
          </div>
        ) : null}
        <form.AppField name="name">
          {(field) => <field.TextField label="Name" isRequired maxLength={120} />}
        </form.AppField>
        <form.AppField name="mobile_number">
          {(field) => <field.TextField label="Mobile" type="tel" inputMode="tel" isRequired />}
        </form.AppField>
        <form.AppField name="email">
          {(field) => (
            <field.TextField
              label="E-mail"
              type="email"
              isRequired
              maxLength={254}
              description="They sign in with it. A new one is confirmed with an e-mailed code; the old one is told of the change."
            />
          )}
        </form.AppField>
        <form.AppField name="dob">
          {(field) => <field.DateField label="Date of birth" isRequired />}
        </form.AppField>
        <form.AppField name="address">
          {(field) => <field.TextField label="Address" maxLength={200} />}
        </form.AppField>
        <form.AppField name="suburb">
          {(field) => <field.TextField label="Suburb" maxLength={100} />}
        </form.AppField>
        <form.AppField name="city">
          {(field) => <field.TextField label="City" maxLength={100} />}
        </form.AppField>
        <form.AppField name="post_code">
          {(field) => <field.TextField label="Post code" inputMode="numeric" maxLength={4} />}
        </form.AppField>
        <form.AppField name="emergency_contact_name">
          {(field) => <field.TextField label="Emergency contact" maxLength={120} />}
        </form.AppField>
        <form.AppField name="emergency_contact_relationship">
          {(field) => <field.TextField label="Relationship" maxLength={60} />}
        </form.AppField>
        <form.AppField name="emergency_contact_mobile_number">
          {(field) => <field.TextField label="Their mobile" type="tel" inputMode="tel" />}
        </form.AppField>
        <form.AppField name="emergency_contact_email">
          {(field) => <field.TextField label="Their e-mail" type="email" maxLength={254} />}
        </form.AppField>
        <form.AppField name="tags">
          {(field) => <field.TextField label="Tags" description="Separated by commas: VIP, Student" />}
        </form.AppField>
        <form.AppField name="notes">
          {(field) => <field.TextField label="Notes" maxLength={5000} className="sm:col-span-2" />}
        </form.AppField>
        <div className="flex flex-col gap-2 sm:col-span-2">
          <form.AppField name="email_notifications_enabled">
            {(field) => <field.Checkbox>E-mails from the gym</field.Checkbox>}
          </form.AppField>
          <form.AppField name="push_notifications_enabled">
            {(field) => <field.Checkbox>Push notifications</field.Checkbox>}
          </form.AppField>
          <form.AppField name="payment_reminders">
            {(field) => <field.Checkbox>Payment reminders</field.Checkbox>}
          </form.AppField>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onPress={props.onDone}>
            Cancel
          </Button>
          <form.SubmitButton>Save details</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  )
}

/** Deleting a member, after a confirmation that names what it does to their membership and access. */
export function DeleteMemberDialog(props: { member: MemberDetail; isOpen: boolean; onClose: () => void }) {
  const { member } = props
  const remove = useServerFn(deleteMember)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [pending, setPending] = useState(false)
  const running = member.membership !== null && !member.states.includes('cancelled')
  return (
    <ConfirmDialog
      isOpen={props.isOpen}
      onOpenChange={(isOpen) => !isOpen && props.onClose()}
      title={`Delete ${member.name}?`}
      confirmLabel="Delete member"
      destructive
      isPending={pending}
      onConfirm={async () => {
        setPending(true)
        const result = await remove({ data: { id: member.id } })
        setPending(false)
        if (!result.ok) return void toast.error(result.message)
        await queryClient.invalidateQueries({ queryKey: memberQueries.all })
        toast.success(`${member.name} deleted`)
        await navigate({ to: '/console/members' })
      }}
    >
      {running
        ? `Their membership is cancelled today: nothing more is charged${member.membership?.next_charge ? ` (not the charge due ${formatDate(member.membership.next_charge.on)})` : ''} and the door stops opening for them. `
        : ''}
      They can no longer sign in and leave the members list. Their payments, visits and history are kept. This
      cannot be undone.
    </ConfirmDialog>
  )
}

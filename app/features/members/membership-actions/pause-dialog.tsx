import { useServerFn } from '@tanstack/react-start'
import { pauseEffect, theMember } from '~/contracts/membership-action-words'
import { addCalendarDays } from '~/lib/calendar-days'
import { formatDate } from '~/lib/dates'
import { todayInAuckland } from '~/lib/today'
import { pauseMembership } from '../membership.functions'
import { type ActionDialogProps, ActionFormDialog, Effect, useMembershipForm } from './action-dialog'

/** Pause: the first and last paused day, what it does to access and billing dates before it is done. */
export function PauseDialog(props: ActionDialogProps) {
  const { member, membership } = props
  const pause = useServerFn(pauseMembership)
  const today = todayInAuckland()
  const { form, dialog } = useMembershipForm({
    dialog: props,
    defaultValues: { start_date: today, end_date: addCalendarDays(today, 13) },
    send: (value) => pause({ data: { id: membership.id, version: membership.version, ...value } }),
    said: (value) =>
      `${member.name}’s membership is paused from ${formatDate(value.start_date)} to ${formatDate(value.end_date)}`,
  })
  return (
    <ActionFormDialog title="Pause membership" {...dialog} submit="Pause">
      <div className="flex flex-col gap-4">
        <form.AppField name="start_date">
          {(field) => <field.DateField label="First paused day" isRequired />}
        </form.AppField>
        <form.AppField name="end_date">
          {(field) => <field.DateField label="Last paused day" isRequired />}
        </form.AppField>
      </div>
      <form.Subscribe selector={(state) => state.values}>
        {(values) => {
          const effect = pauseEffect(theMember(member.name), membership, values.start_date, values.end_date)
          return effect === null ? null : <Effect>{effect}</Effect>
        }}
      </form.Subscribe>
    </ActionFormDialog>
  )
}

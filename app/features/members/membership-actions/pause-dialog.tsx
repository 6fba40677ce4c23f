import { useServerFn } from '@tanstack/react-start'
import { addCalendarDays, daysFromTo } from '~/lib/calendar-days'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
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
          const days = daysFromTo(values.start_date, values.end_date)
          return days === null || days < 1 ? null : (
            <Effect>
              {member.name} is not charged and the door stays shut for them from{' '}
              {formatDate(values.start_date)} to {formatDate(values.end_date)} ({days}{' '}
              {days === 1 ? 'day' : 'days'}). Their billing dates after the pause move {days}{' '}
              {days === 1 ? 'day' : 'days'} later
              {pauseChargeEffect(membership)}.
            </Effect>
          )
        }}
      </form.Subscribe>
    </ActionFormDialog>
  )
}

/**
 * What a pause does to the next charge. A renewal the pause covers moves with the billing dates; a
 * retry of the current period's failed payment (due before the period ends) is money already owed for
 * days used, and the engine still takes it, so the dialog must not promise to move it.
 */
function pauseChargeEffect(membership: ActionDialogProps['membership']): string {
  const next = membership.next_charge
  if (!next) return ''
  const renews = membership.current_period_end
  if (renews && next.on < renews) {
    const amount = next.total != null ? `${formatCents(next.total)} ` : ''
    return `; what they owe for this period is still collected: the ${amount}charge due ${formatDate(next.on)} is taken`
  }
  return `; the charge due ${formatDate(next.on)} is moved if the pause covers it`
}

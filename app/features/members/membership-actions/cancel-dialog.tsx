import { useServerFn } from '@tanstack/react-start'
import { Checkbox } from '~/components/ui/checkbox'
import { Radio } from '~/components/ui/radio-group'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { cancelMembership } from '../membership.functions'
import { type ActionDialogProps, ActionFormDialog, Effect, useMembershipForm } from './action-dialog'

/** Why members leave, as the front desk hears it; kept with the cancellation. */
export const cancellationReasons = [
  'Moving away',
  'Cost',
  'Not using it enough',
  'Injury or health',
  'Joined another gym',
  'Other',
] as const

/** Cancel at the end of the paid period (undoable) or now, with the reasons and a comment. */
export function CancelDialog(props: ActionDialogProps) {
  const { member, membership } = props
  const cancel = useServerFn(cancelMembership)
  const renews = membership.current_period_end
  const { form, dialog } = useMembershipForm({
    dialog: props,
    defaultValues: { when: 'period_end' as string | null, reasons: [] as string[], comments: '' },
    send: (value) =>
      cancel({
        data: {
          id: membership.id,
          version: membership.version,
          immediately: value.when === 'now',
          reasons: value.reasons,
          comments: value.comments || null,
        },
      }),
    said: (value) =>
      value.when === 'now' || !renews
        ? `${member.name}’s membership is cancelled`
        : `${member.name}’s membership ends on ${formatDate(renews)}`,
  })
  return (
    <ActionFormDialog title="Cancel membership" {...dialog} submit="Cancel membership" destructive>
      <form.AppField name="when">
        {(field) => (
          <field.RadioGroupField label="When">
            <Radio value="period_end">
              {renews
                ? `At the end of the paid period (${formatDate(renews)})`
                : 'At the end of the paid period'}
            </Radio>
            <Radio value="now">Now</Radio>
          </field.RadioGroupField>
        )}
      </form.AppField>
      <form.AppField name="reasons">
        {(field) => (
          <field.CheckboxGroupField label="Why are they leaving?">
            {cancellationReasons.map((reason) => (
              <Checkbox key={reason} value={reason}>
                {reason}
              </Checkbox>
            ))}
          </field.CheckboxGroupField>
        )}
      </form.AppField>
      <form.AppField name="comments">
        {(field) => <field.TextField label="Comments" maxLength={2000} />}
      </form.AppField>
      <form.Subscribe selector={(state) => state.values.when}>
        {(when) => (
          <Effect>
            {when === 'now'
              ? `${member.name} loses door access today and is charged nothing more. This cannot be undone.`
              : periodEndEffect(member.name, renews, membership.next_charge)}
          </Effect>
        )}
      </form.Subscribe>
    </ActionFormDialog>
  )
}

/**
 * What cancelling at the period's end does to the money. The next charge is not taken when it is the
 * renewal's; a retry of this period's failed payment (due before the renew date) still is, so the
 * dialog must not promise otherwise.
 */
function periodEndEffect(
  name: string,
  renews: string | null,
  next: ActionDialogProps['membership']['next_charge'],
): string {
  const until = `${name} keeps door access until ${renews ? formatDate(renews) : 'the end of the paid period'}`
  const undo = 'You can undo this for a while.'
  if (next && renews && next.on < renews) {
    const amount = next.total != null ? `${formatCents(next.total)} ` : ''
    return `${until}. What they owe for this period is still collected: the ${amount}charge due ${formatDate(next.on)} is taken. Nothing is charged after that. ${undo}`
  }
  const notTaken = next ? ` (the charge due ${formatDate(next.on)} is not taken)` : ''
  return `${until} and is charged nothing more${notTaken}. ${undo}`
}

import { useServerFn } from '@tanstack/react-start'
import { Checkbox } from '~/components/ui/checkbox'
import { Radio } from '~/components/ui/radio-group'
import {
  cancellationReasons,
  cancelNowEffect,
  periodEndEffect,
  theMember,
} from '~/contracts/membership-action-words'
import { formatDate } from '~/lib/dates'
import { cancelMembership } from '../membership.functions'
import { type ActionDialogProps, ActionFormDialog, Effect, useMembershipForm } from './action-dialog'

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
              ? cancelNowEffect(theMember(member.name))
              : periodEndEffect(
                  theMember(member.name),
                  renews,
                  membership.next_charge,
                  'You can undo this for a while.',
                )}
          </Effect>
        )}
      </form.Subscribe>
    </ActionFormDialog>
  )
}

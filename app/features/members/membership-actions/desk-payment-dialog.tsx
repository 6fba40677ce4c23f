import { useServerFn } from '@tanstack/react-start'
import { Radio } from '~/components/ui/radio-group'
import { deskMethodLabels } from '~/contracts/desk-methods'
import { type DeskPaymentMethod, deskPaymentMethods } from '~/contracts/enums'
import { deskMethodMessage } from '~/contracts/subscriptions'
import { formatCents } from '~/lib/money'
import { recordManualPayment } from '../membership.functions'
import { type ActionDialogProps, ActionFormDialog, Effect, useMembershipForm } from './action-dialog'

/** A payment taken at the desk: amount (what is owed, to start with), how it was paid, a note. */
export function DeskPaymentDialog(props: ActionDialogProps) {
  const { member, membership } = props
  const record = useServerFn(recordManualPayment)
  const owing = member.balance_owing ?? 0
  const { form, dialog } = useMembershipForm({
    dialog: props,
    defaultValues: {
      amount: (owing > 0 ? owing : null) as number | null,
      method: null as DeskPaymentMethod | null,
      note: '',
    },
    send: ({ amount, method, note }) =>
      amount === null || method === null
        ? null
        : record({
            data: { id: membership.id, version: membership.version, amount, method, note: note || null },
          }),
    said: (value) => `${formatCents(value.amount ?? 0)} recorded for ${member.name}`,
  })
  return (
    <ActionFormDialog title="Record a payment" {...dialog} submit="Record payment">
      <form.AppField name="amount">{(field) => <field.MoneyField label="Amount" isRequired />}</form.AppField>
      <form.AppField
        name="method"
        validators={{ onSubmit: ({ value }) => (value === null ? deskMethodMessage : undefined) }}
      >
        {(field) => (
          <field.RadioGroupField label="Paid by" isRequired>
            {deskPaymentMethods.map((method) => (
              <Radio key={method} value={method}>
                {deskMethodLabels[method]}
              </Radio>
            ))}
          </field.RadioGroupField>
        )}
      </form.AppField>
      <form.AppField name="note">{(field) => <field.TextField label="Note" maxLength={500} />}</form.AppField>
      <form.Subscribe selector={(state) => state.values.amount}>
        {(amount) =>
          amount === null ? null : (
            <Effect>
              {owing > 0
                ? `What ${member.name} owes goes from ${formatCents(owing)} to ${formatCents(Math.max(0, owing - amount))}${amount > owing ? `; the ${formatCents(amount - owing)} over is kept as credit for their next charge` : ''}.`
                : `${member.name} owes nothing; ${formatCents(amount)} is kept as credit for their next charge.`}
            </Effect>
          )
        }
      </form.Subscribe>
    </ActionFormDialog>
  )
}

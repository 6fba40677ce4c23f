import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { DialogFormButtons, SubmitForm } from '~/components/form/submit-form'
import { FormDialogButton } from '~/components/ui/form-dialog-button'
import { TextField } from '~/components/ui/text-field'
import { toast } from '~/components/ui/toast'
import { createGymRequestSchema } from '~/contracts/gyms'
import { orConnectionLost } from '~/features/join/connection-lost'
import { BankAccountInputs } from './destination-account-form'
import { createGym } from './gyms.functions'
import { useTextFields } from './use-text-fields'

type Field =
  | 'name'
  | 'destination_account.name'
  | 'destination_account.bank_account_number'
  | 'destination_account.bank_account_number_confirmation'

/** Add a gym (issue 17): its name and the account its bank payments are paid into, then its page. */
export function AddGymButton() {
  return (
    <FormDialogButton title="Add a gym" icon={Plus} label="Add gym">
      {(close) => <AddGymForm onDone={close} />}
    </FormDialogButton>
  )
}

function AddGymForm(props: { onDone: () => void }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const create = useServerFn(createGym)
  const { values, field, showIssues, showAnswer } = useTextFields<Field>({
    name: '',
    'destination_account.name': '',
    'destination_account.bank_account_number': '',
    'destination_account.bank_account_number_confirmation': '',
  })
  const [problem, setProblem] = useState<string>()
  const [pending, setPending] = useState(false)

  async function submit() {
    if (pending) return
    setProblem(undefined)
    const request = {
      name: values.name,
      destination_account: {
        name: values['destination_account.name'],
        bank_account_number: values['destination_account.bank_account_number'],
        bank_account_number_confirmation: values['destination_account.bank_account_number_confirmation'],
      },
    }
    const parsed = createGymRequestSchema.safeParse(request)
    if (!parsed.success) return showIssues(parsed.error.issues)
    setPending(true)
    const result = await orConnectionLost(() => create({ data: parsed.data }))
    setPending(false)
    if (!result.ok) {
      if (!showAnswer(result.errors)) setProblem(result.message)
      return
    }
    await queryClient.invalidateQueries({ queryKey: ['gyms'] })
    toast.success(`${result.data.name} added`)
    props.onDone()
    await navigate({ to: '/console/gyms/$id', params: { id: result.data.id } })
  }

  return (
    <SubmitForm aria-label="New gym" problem={problem} onSubmit={submit}>
      <TextField label="Gym name" {...field('name')} maxLength={120} isRequired />
      <p className="text-slate-700 text-sm">
        Bank payments from the gym’s members are paid into this account.
      </p>
      <BankAccountInputs
        name={field('destination_account.name')}
        number={field('destination_account.bank_account_number')}
        confirmation={field('destination_account.bank_account_number_confirmation')}
      />
      <DialogFormButtons submit="Add gym" pending={pending} onCancel={props.onDone} />
    </SubmitForm>
  )
}

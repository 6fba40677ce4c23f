import { useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { DialogFormButtons, SubmitForm } from '~/components/form/submit-form'
import { FormDialogButton } from '~/components/ui/form-dialog-button'
import { TextField } from '~/components/ui/text-field'
import { toast } from '~/components/ui/toast'
import { destinationAccountRequestSchema, type Gym } from '~/contracts/gyms'
import { orConnectionLost } from '~/features/join/connection-lost'
import { saveDestinationAccount } from './gyms.functions'
import { useTextFields } from './use-text-fields'

type Fields = 'name' | 'bank_account_number' | 'bank_account_number_confirmation'

/**
 * Change where a gym's bank payments are paid into (issue 17, SPEC §5): the number shown in full only
 * while it is typed, twice; the checksum checked by the API. What it means for members paying by bank
 * is said before saving (their bank consents name the account paid into, PROVIDERS.md §2).
 */
export function DestinationAccountButton(props: { gym: Gym }) {
  const account = props.gym.destination_account
  if (!account) return null
  return (
    <FormDialogButton
      title="Change the bank account"
      label="Change bank account"
      variant="secondary"
      size="sm"
    >
      {(close) => (
        <DestinationAccountForm gym={props.gym} accountId={account.id} name={account.name} onDone={close} />
      )}
    </FormDialogButton>
  )
}

function DestinationAccountForm(props: { gym: Gym; accountId: number; name: string; onDone: () => void }) {
  const queryClient = useQueryClient()
  const save = useServerFn(saveDestinationAccount)
  const { values, field, showIssues, showAnswer } = useTextFields<Fields>({
    name: props.name,
    bank_account_number: '',
    bank_account_number_confirmation: '',
  })
  const [problem, setProblem] = useState<string>()
  const [pending, setPending] = useState(false)

  async function submit() {
    if (pending) return
    setProblem(undefined)
    const parsed = destinationAccountRequestSchema.safeParse(values)
    if (!parsed.success) return showIssues(parsed.error.issues)
    setPending(true)
    const result = await orConnectionLost(() =>
      save({ data: { id: props.gym.id, accountId: props.accountId, account: parsed.data } }),
    )
    setPending(false)
    if (!result.ok) {
      if (!showAnswer(result.errors)) setProblem(result.message)
      return
    }
    await queryClient.invalidateQueries({ queryKey: ['gyms'] })
    toast.success(result.data.message)
    props.onDone()
  }

  return (
    <SubmitForm aria-label="Bank account" problem={problem} onSubmit={submit}>
      <BankAccountInputs
        name={field('name')}
        number={field('bank_account_number')}
        confirmation={field('bank_account_number_confirmation')}
      />
      <BankPayersNotice gym={props.gym} />
      <DialogFormButtons
        submit="Save bank account"
        cancel="Keep as it is"
        pending={pending}
        onCancel={props.onDone}
      />
    </SubmitForm>
  )
}

/**
 * What saving means for members paying by bank, said before saving (ADR 030): their bank consents name
 * the account paid into, so a new number means each is e-mailed and asked to reconnect their bank.
 */
function BankPayersNotice(props: { gym: Gym }) {
  const payers = props.gym.bank_payers
  return (
    <div className="rounded-md bg-slate-50 p-3 text-slate-800 text-sm" data-testid="bank-payers-notice">
      <p>Bank payments from {props.gym.name}’s members are paid into this account from now on.</p>
      <p className="mt-2">
        {payers === 0 ? (
          'No members pay this gym by bank at the moment, so nobody needs to be told.'
        ) : (
          <>
            If the number changes,{' '}
            <strong>
              {payers === 1 ? '1 member who pays' : `${payers.toLocaleString('en-NZ')} members who pay`} by
              bank
            </strong>{' '}
            will be e-mailed. Their bank’s permission names the account they pay into, so each is asked to
            reconnect their bank.
          </>
        )}
      </p>
    </div>
  )
}

type InputProps = { value: string; onChange: (value: string) => void; errorMessage: string | undefined }

/**
 * A bank account as a form asks for it (SPEC §5): its name, the number, and the number again — the
 * number never autofilled, its shape explained. The gym page's change and Add gym use it.
 */
export function BankAccountInputs(props: { name: InputProps; number: InputProps; confirmation: InputProps }) {
  return (
    <>
      <TextField label="Account name" {...props.name} maxLength={120} isRequired />
      <TextField
        label="Bank account number"
        description="Bank, branch, account and suffix, e.g. 12-3140-0171323-00"
        inputMode="numeric"
        autoComplete="off"
        {...props.number}
        maxLength={40}
        isRequired
      />
      <TextField
        label="Bank account number again"
        inputMode="numeric"
        autoComplete="off"
        {...props.confirmation}
        maxLength={40}
        isRequired
      />
    </>
  )
}

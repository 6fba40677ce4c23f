import { useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { HandCoins, Mail, RotateCw, Wrench } from 'lucide-react'
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { FormDialog } from '~/components/ui/modal'
import { TextField } from '~/components/ui/text-field'
import { toast } from '~/components/ui/toast'
import { waiveReasonMessage } from '~/contracts/payments'
import { orConnectionLost } from '~/features/join/connection-lost'
import type { ActionResult } from '~/lib/action-result'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { retryPayment, sendPaymentLink, waivePayment } from './payments.functions'

export interface FixablePayment {
  id: number
  /** Cents the member owes for it, surcharge included. */
  amount: number
  due_on: string
  failure_reason: string | null
  memberName: string
}

type Busy = 'retry' | 'link' | 'waive' | null
/** What each action answers: a sentence, and for a retry what the charge did. */
type Answer = { message: string; data?: { status: string } | { expires_at: string } }

const OpenFix = createContext<((payment: FixablePayment) => void) | null>(null)

/**
 * Holds the "Fix the failed payment" dialog for a list of payments, outside the list's rows. A retry
 * reloads the list under the open dialog: a row's place can change (the retry's new row lands above
 * it) or the row can move to the next page, and a dialog owned by the row would go with it, or show
 * the payment now in that place. The dialog keeps the payment it was opened for until it is closed.
 */
export function FailedPaymentDialog(props: { children: ReactNode }) {
  const [payment, setPayment] = useState<FixablePayment | null>(null)
  const [open, setOpen] = useState(false)
  const openFix = useCallback((chosen: FixablePayment) => {
    setPayment(chosen)
    setOpen(true)
  }, [])
  return (
    <OpenFix.Provider value={openFix}>
      {props.children}
      <FormDialog
        isOpen={open && payment !== null}
        onOpenChange={setOpen}
        title={payment ? `Failed payment of ${formatCents(payment.amount)}` : ''}
      >
        {payment ? <FixPayment key={payment.id} payment={payment} onDone={() => setOpen(false)} /> : null}
      </FormDialog>
    </OpenFix.Provider>
  )
}

/**
 * What staff can do about a failed payment (issue 16), in one dialog that says what each does before
 * it is done: charge it again now, e-mail the member a link to pay it themselves, or waive it with a
 * reason. Used by the payments list and the member's Payments tab (inside `FailedPaymentDialog`); both
 * reload after a change.
 */
export function FailedPaymentActions(props: { payment: FixablePayment }) {
  const { payment } = props
  const openFix = useContext(OpenFix)
  if (!openFix) throw new Error('FailedPaymentActions needs a FailedPaymentDialog around the list')
  return (
    <Button
      variant="secondary"
      size="sm"
      onPress={() => openFix(payment)}
      aria-label={`Fix the failed payment of ${formatCents(payment.amount)} due ${formatDate(payment.due_on)}`}
    >
      <Wrench aria-hidden="true" className="size-4" />
      Fix
    </Button>
  )
}

function FixPayment(props: { payment: FixablePayment; onDone: () => void }) {
  const { payment } = props
  const queryClient = useQueryClient()
  const retry = useServerFn(retryPayment)
  const sendLink = useServerFn(sendPaymentLink)
  const waive = useServerFn(waivePayment)
  const [busy, setBusy] = useState<Busy>(null)
  const [problem, setProblem] = useState<string>()
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string>()
  const amount = formatCents(payment.amount)

  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['payments'] }),
      queryClient.invalidateQueries({ queryKey: ['members'] }),
    ])

  async function run(kind: Exclude<Busy, null>, call: () => Promise<ActionResult<Answer>>) {
    if (busy) return
    setBusy(kind)
    setProblem(undefined)
    const result = await orConnectionLost(call)
    setBusy(null)
    if (!result.ok) {
      if (result.errors.reason?.[0]) setReasonError(result.errors.reason[0])
      else setProblem(result.message)
      // Someone else fixed it meanwhile: show what is there now.
      if (result.status === 409) await reload()
      return
    }
    await reload()
    const answer = result.data.data
    if (answer && 'status' in answer && answer.status === 'failed') {
      setProblem(result.data.message)
      return
    }
    toast.success(result.data.message)
    props.onDone()
  }

  // One action at a time: the one running shows it, the others wait.
  const busyAs = (kind: Exclude<Busy, null>) => ({
    isPending: busy === kind,
    isDisabled: busy !== null && busy !== kind,
  })
  const runOnPress = (kind: Exclude<Busy, null>, call: () => Promise<ActionResult<Answer>>) => ({
    ...busyAs(kind),
    onPress: () => run(kind, call),
  })

  return (
    <div className="flex flex-col gap-5">
      <p className="text-slate-700 text-sm">
        {payment.memberName}’s payment due {formatDate(payment.due_on)} didn’t go through
        {payment.failure_reason ? `: ${payment.failure_reason}` : ''}.
      </p>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <section className="flex flex-col gap-2">
        <p className="text-slate-800 text-sm">
          <strong>Retry now</strong> charges {payment.memberName}’s current card or bank account {amount}{' '}
          straight away. If it fails again, the next automatic retry still happens.
        </p>
        <Button variant="primary" {...runOnPress('retry', () => retry({ data: { id: payment.id } }))}>
          <RotateCw aria-hidden="true" className="size-4" />
          Retry now
        </Button>
      </section>
      <section className="flex flex-col gap-2 border-slate-200 border-t pt-4">
        <p className="text-slate-800 text-sm">
          <strong>Send payment link</strong> e-mails {payment.memberName} a link to pay what they owe with a
          saved or new card. It works once, for 7 days.
        </p>
        <Button variant="secondary" {...runOnPress('link', () => sendLink({ data: { id: payment.id } }))}>
          <Mail aria-hidden="true" className="size-4" />
          Send payment link
        </Button>
      </section>
      <form
        className="flex flex-col gap-2 border-slate-200 border-t pt-4"
        aria-label="Waive the payment"
        onSubmit={(event) => {
          event.preventDefault()
          if (!reason.trim()) return setReasonError(waiveReasonMessage)
          setReasonError(undefined)
          void run('waive', () => waive({ data: { id: payment.id, reason } }))
        }}
      >
        <p className="text-slate-800 text-sm">
          <strong>Waive</strong>: {payment.memberName} no longer owes {amount} for this period and nothing
          more is tried. The reason is kept in their history.
        </p>
        <TextField
          label="Reason"
          value={reason}
          onChange={(value) => {
            setReason(value)
            if (reasonError) setReasonError(undefined)
          }}
          errorMessage={reasonError}
          maxLength={500}
          isRequired
        />
        <Button type="submit" variant="destructive" {...busyAs('waive')}>
          <HandCoins aria-hidden="true" className="size-4" />
          Waive {amount}
        </Button>
      </form>
    </div>
  )
}

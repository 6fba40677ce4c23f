import { ShieldCheck } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Dialog, Heading } from 'react-aria-components'
import { Button } from '~/components/ui/button'
import { Modal } from '~/components/ui/modal'
import { formatCents } from '~/lib/money'

/**
 * Shows the sandbox bank's check over the page (in the pay page's `show` slot: loaded only when a charge
 * waits, so the pay page carries none of it), and answers the member's choice with a way to take it away
 * once their answer has been sent.
 */
export function askSandboxCheck(props: {
  amount: number
  payee: string
  card: string | null
  show: (dialog: ReactNode) => void
}): Promise<{ approved: boolean; close: () => void }> {
  const { show, ...check } = props
  return new Promise((answered) =>
    show(
      <SandboxCardCheck
        {...check}
        onAnswer={async (approved) => answered({ approved, close: () => show(null) })}
      />,
    ),
  )
}

/**
 * The sandbox bank's check of a card charge (what a real bank's 3-D Secure page asks, in Stripe's modal):
 * the member approves the payment or not. Loaded only when a sandbox charge waits for it. Closing it is
 * not approving.
 */
function SandboxCardCheck(props: {
  amount: number
  payee: string
  card: string | null
  onAnswer: (approved: boolean) => Promise<void>
}) {
  const [busy, setBusy] = useState<'approve' | 'refuse'>()
  async function answer(approved: boolean) {
    if (busy) return
    setBusy(approved ? 'approve' : 'refuse')
    await props.onAnswer(approved)
  }
  return (
    <Modal isOpen isDismissable={!busy} onOpenChange={(open) => (open ? undefined : void answer(false))}>
      <Dialog className="p-6 outline-none">
        <div className="flex items-start gap-3">
          <ShieldCheck aria-hidden="true" className="size-7 shrink-0 text-teal-700" />
          <div>
            <Heading slot="title" className="font-semibold text-lg text-slate-900">
              Approve this payment
            </Heading>
            <p className="mt-2 text-slate-700">
              Your bank asks you to approve a payment of {formatCents(props.amount)} to {props.payee}
              {props.card ? ` from your ${props.card}` : ''}.
            </p>
            <p className="mt-2 text-slate-600 text-sm">
              This is the test bank: no real money moves. A real bank shows its own check here.
            </p>
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            isPending={busy === 'refuse'}
            isDisabled={busy === 'approve'}
            onPress={() => answer(false)}
          >
            Don’t approve
          </Button>
          <Button
            isPending={busy === 'approve'}
            isDisabled={busy === 'refuse'}
            onPress={() => answer(true)}
            autoFocus
          >
            Approve
          </Button>
        </div>
      </Dialog>
    </Modal>
  )
}

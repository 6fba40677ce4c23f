import type { ReactNode } from 'react'
import type { PayByLinkAnswer, PaymentApprovalAnswer } from '~/contracts/pay'
import { orConnectionLost } from '~/features/join/connection-lost'
import type { ActionResult } from '~/lib/action-result'
import { answerSandboxCardCheck, confirmLinkPayment } from './approve.functions'

/** Said when the card check could not start; reloading the page ends the waiting charge. */
const checkDidNotLoadMessage =
  'Your bank’s check didn’t load. Check you’re online, then reload this page and pay again.'

/**
 * Charges of a Pay press that the member's bank wants them to approve (3-D Secure, ADR 042): each is
 * checked in this page, then the server reads it back from the card provider and pays the rest of what
 * the link owes (`confirm`), until nothing waits. Answers what was settled, as the Pay press's answer.
 * Loaded by the pay page only when a charge waits, with the sandbox's dialog and Stripe.js after it (the
 * join pages' scripts stay as they were).
 */
export async function finishApprovals(options: {
  token: string
  answer: PayByLinkAnswer
  /** Who is paid and from what, for the sandbox bank's dialog. */
  payee: string
  card: string
  /** Where the page shows the sandbox bank's dialog (null takes it away). */
  show: (dialog: ReactNode) => void
}): Promise<ActionResult<PayByLinkAnswer>> {
  const settled: PayByLinkAnswer['outcomes'] = []
  let current = options.answer
  // Each round settles one owed period at least; the bound only guards against a provider that loops.
  for (let round = 0; round < 60; round += 1) {
    settled.push(...current.outcomes.filter((outcome) => !outcome.approval))
    const waiting = current.outcomes.find((outcome) => outcome.approval)
    if (!waiting?.approval) break
    const refusal = await runCheck(waiting.approval, waiting.amount, options)
    if (refusal) return { ok: false, status: 0, message: refusal, errors: {}, error: undefined }
    const paymentId = waiting.payment_id
    const next = await orConnectionLost(() =>
      confirmLinkPayment({ data: { token: options.token, confirm: { payment_id: paymentId } } }),
    )
    if (!next.ok) return next
    current = next.data
  }
  return { ok: true, data: { outcomes: settled, balance_owing: current.balance_owing } }
}

/**
 * The member's bank check of one waiting charge: Stripe.js's with Stripe, else the sandbox bank's
 * dialog, whose answer goes to the sandbox. Either way the server then reads the charge back; what is
 * answered here is only a reason the check could not run.
 */
async function runCheck(
  approval: PaymentApprovalAnswer,
  amount: number,
  options: Pick<Parameters<typeof finishApprovals>[0], 'payee' | 'card' | 'show'>,
): Promise<string | undefined> {
  if (approval.provider === 'stripe') {
    const { approveWithStripe } = await import('./stripe-approval')
    return (await approveWithStripe(approval)) === 'did-not-load' ? checkDidNotLoadMessage : undefined
  }
  const { askSandboxCheck } = await import('./sandbox-card-check')
  const check = await askSandboxCheck({
    amount,
    payee: options.payee,
    card: options.card,
    show: options.show,
  })
  const answered = await orConnectionLost(() =>
    answerSandboxCardCheck({ data: { client_secret: approval.client_secret, approved: check.approved } }),
  )
  check.close()
  // A check that already ended (the link opened elsewhere) is read back like any other.
  if (!answered.ok && answered.status !== 404) return answered.message
  return undefined
}

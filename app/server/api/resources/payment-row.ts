import { settledAtDeskOn } from '~/contracts/desk-methods'
import { failureReasonWords, type PaymentRow } from '~/contracts/payments'
import { paymentStatusKind } from '~/contracts/subscription-state'
import type { payments } from '~/db/schema'
import type { PaymentListRow } from '~/server/services/payments/find-payment-page.server'

type Payment = typeof payments.$inferSelect

/** A payment of the payments list: its status as SPEC §4 reads it, and why it failed in words. */
export function toPaymentRowResource(
  row: PaymentListRow,
  fixable: ReadonlySet<number> = new Set(),
): PaymentRow {
  const { payment } = row
  return {
    id: payment.id,
    due_on: payment.dueOn,
    paid_at: payment.paidAt?.toISOString() ?? null,
    member: row.member,
    gym: row.gym,
    amount: payment.amount,
    surcharge: payment.surcharge,
    credit_used: payment.creditUsed,
    type: payment.type,
    ...paymentStatusFields(payment, fixable),
    ...paymentPeriodFields(payment),
  }
}

/**
 * A payment's status as SPEC §4 reads it, why it failed in words (not the provider's code; a waived
 * payment keeps why it failed), and whether staff can still fix it by hand.
 */
export function paymentStatusFields(payment: Payment, fixable: ReadonlySet<number>) {
  const kind = paymentStatusKind(payment.status)
  return {
    status: payment.status,
    status_kind: kind,
    failure_reason:
      kind === 'failed' || kind === 'waived'
        ? failureReasonWords(payment.errorStatus, payment.errorDescription)
        : null,
    fixable: fixable.has(payment.id),
  }
}

/** The period a payment was for, whether it retries or is pro rata, and how the desk settled it. */
export function paymentPeriodFields(payment: Payment) {
  return {
    period_start_at: payment.periodStartAt,
    period_end_at: payment.periodEndAt,
    is_retry: payment.isRetry,
    is_pro_rata: payment.isProRata,
    desk_method: payment.deskMethod,
    settled_at_desk_on: paymentStatusKind(payment.status) === 'failed' ? settledAtDeskOn(payment.meta) : null,
  }
}

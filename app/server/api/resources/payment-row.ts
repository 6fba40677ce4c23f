import { settledAtDeskOn } from '~/contracts/desk-methods'
import { failureReasonWords, type PaymentRow } from '~/contracts/payments'
import { paymentStatusKind } from '~/contracts/subscription-state'
import type { PaymentListRow } from '~/server/services/payments/find-payment-page.server'

/** A payment of the payments list: its status as SPEC §4 reads it, and why it failed in words. */
export function toPaymentRowResource(
  row: PaymentListRow,
  fixable: ReadonlySet<number> = new Set(),
): PaymentRow {
  const { payment } = row
  const kind = paymentStatusKind(payment.status)
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
    status: payment.status,
    status_kind: kind,
    // A waived payment keeps why it failed.
    failure_reason:
      kind === 'failed' || kind === 'waived'
        ? failureReasonWords(payment.errorStatus, payment.errorDescription)
        : null,
    fixable: fixable.has(payment.id),
    period_start_at: payment.periodStartAt,
    period_end_at: payment.periodEndAt,
    is_retry: payment.isRetry,
    is_pro_rata: payment.isProRata,
    desk_method: payment.deskMethod,
    settled_at_desk_on: kind === 'failed' ? settledAtDeskOn(payment.meta) : null,
  }
}

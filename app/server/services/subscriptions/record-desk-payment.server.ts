import { deskMethodLabels } from '~/contracts/desk-methods'
import type { DeskPaymentMethod } from '~/contracts/enums'
import { formatCents } from '~/lib/money'
import { sendDeskPaymentReceipt } from '../member-notices/membership-notices.server'
import { recordManualPayment } from '../payments/record-manual-payment.server'
import { changeMembership, type MembershipChange } from './membership-change.server'

/**
 * Staff record a payment taken at the desk for a membership: the payment (settling the oldest period
 * owed), the member's receipt and the history line in one transaction; answers the membership as it
 * now stands, its balance recalculated.
 */
export function recordDeskPayment(
  change: MembershipChange & { amount: number; method: DeskPaymentMethod; note: string | null | undefined },
) {
  const { access, now, amount, method, note } = change
  return changeMembership(change, {
    work: (tx) =>
      recordManualPayment({
        db: tx,
        now,
        subscription: access.subscription,
        amount,
        method,
        note,
        processedByUserId: access.user.id,
      }),
    notify: (notice, recorded) =>
      sendDeskPaymentReceipt({
        ...notice,
        paymentId: recorded.payment.id,
        amount,
        method,
        settles: recorded.settles,
      }),
    audit: () => ({
      action: 'payment.recorded',
      description: `Payment of ${formatCents(amount)} recorded at the desk (${deskMethodLabels[method]})${note ? `: ${note}` : ''}`,
    }),
  })
}

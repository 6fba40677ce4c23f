/**
 * Which payment statuses are failures (SPEC §4: sent is paid, upcoming and pending_request are neither,
 * any other status is a failure, so a provider's own failure status counts without being listed). A
 * cancelled payment was withdrawn, a refunded one given back and a waived one let off by staff: none
 * is owed. The balance owed, the
 * dashboard's failed payments and the debug view's sums all count failures by this list.
 */
export const notFailedPaymentStatuses = [
  'sent',
  'upcoming',
  'pending_request',
  'cancelled',
  'refunded',
  'waived',
]

export function isFailedPaymentStatus(status: string): boolean {
  return !notFailedPaymentStatuses.includes(status)
}

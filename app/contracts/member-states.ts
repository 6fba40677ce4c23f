import type { MemberState } from '~/contracts/billing-debugging'
import type { MemberFilterState } from '~/contracts/member-filters'
import type { PaymentStatusKind } from '~/contracts/subscription-state'

export type StateTone = 'green' | 'amber' | 'red' | 'slate'

/**
 * A member's state as people say it, with the tone of the card colour it usually has (SPEC §4): the
 * members list, the member's page, the active-user debug view and the export all use these words.
 */
export const memberStateWords: Record<MemberState, { label: string; tone: StateTone }> = {
  active: { label: 'Active', tone: 'green' },
  upcoming: { label: 'Upcoming', tone: 'amber' },
  paused: { label: 'Paused', tone: 'amber' },
  paused_in_future: { label: 'Pause scheduled', tone: 'green' },
  in_grace_period: { label: 'In grace period', tone: 'amber' },
  cancelled: { label: 'Cancelled', tone: 'red' },
  cancellation_undoable: { label: 'Cancellation undoable', tone: 'red' },
  no_membership: { label: 'No membership', tone: 'slate' },
}

/** The list filter's states as the front desk names them. */
export const memberFilterStateLabels: Record<MemberFilterState, string> = {
  active: 'Active',
  paused: 'Paused',
  paused_in_future: 'Pause scheduled',
  cancelled: 'Cancelled',
  cancelling: 'Cancelling',
  in_grace_period: 'In grace period',
  upcoming: 'Upcoming',
  no_subscription: 'No membership',
}

/** A payment's status kind (SPEC §4) as a badge says it: the member's payments, their billing periods. */
export const paymentStatusWords: Record<PaymentStatusKind, { label: string; tone: StateTone }> = {
  success: { label: 'Paid', tone: 'green' },
  upcoming: { label: 'Upcoming', tone: 'slate' },
  pending: { label: 'Pending', tone: 'amber' },
  failed: { label: 'Failed', tone: 'red' },
  waived: { label: 'Waived', tone: 'slate' },
}

import type { BillingFrequency } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { AppError } from '~/lib/errors'
import { sendUndoCancelNotice } from '../member-notices/membership-notices.server'
import type { Subscription as SubscriptionRow } from './create-subscription.server'
import { changeMembership, type MembershipChange, scheduleChange } from './membership-change.server'
import { refreshScheduleOf } from './refresh-schedule.server'
import { updateSubscriptionAtVersion } from './subscription-version.server'

/**
 * Staff undo a cancellation while `undo_cancellation_until` is ahead (SPEC §4): the membership goes on,
 * its schedule worked out again; the member's notice and the history line in the same transaction.
 */
export function undoCancellation(change: MembershipChange) {
  return changeMembership(change, {
    work: (tx, facts) => undo(scheduleChange(change, tx, facts)),
    notify: (notice) => sendUndoCancelNotice(notice),
    audit: () => ({ action: 'membership.cancellation_undone', description: 'Cancellation undone' }),
  })
}

async function undo(options: {
  db: Db
  now: Date
  subscription: SubscriptionRow
  frequency: BillingFrequency
}) {
  const { db, now, subscription } = options
  if (!subscription.cancelledAt) throw new AppError('CONFLICT', 'The membership is not cancelled.')
  if (!subscription.undoCancellationUntil || subscription.undoCancellationUntil <= now) {
    throw new AppError('CONFLICT', 'It is too late to undo this cancellation.')
  }
  const updated = await updateSubscriptionAtVersion({
    db,
    subscription,
    values: {
      cancelledAt: null,
      undoCancellationUntil: null,
      cancellationReasons: [],
      cancellationComments: null,
      cancelledDuringCoolingOffPeriod: false,
    },
    now,
  })
  return refreshScheduleOf({ db, subscription: updated, frequency: options.frequency, now })
}

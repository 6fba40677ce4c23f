import { formatDate } from '~/lib/dates'
import type { CalendarDateString } from '~/server/billing/calendar'
import { sendPauseNotice } from '../member-notices/membership-notices.server'
import { changeMembership, type MembershipChange, scheduleChange } from './membership-change.server'
import { assertPause, writePause } from './pause-subscription.server'

/**
 * Staff pause a membership (SPEC §4) from `startDate` to `endDate`, both days included: the pause and
 * the schedule it moves, the member's notice and the history line, in one transaction; answers the
 * membership as it now stands.
 */
export function pauseMembership(
  change: MembershipChange & { startDate: CalendarDateString; endDate: CalendarDateString },
) {
  const { access, now, startDate, endDate } = change
  return changeMembership(change, {
    work: (tx, facts) => {
      assertPause({ subscription: access.subscription, startDate, endDate, now })
      return writePause({
        ...scheduleChange(change, tx, facts),
        startDate,
        endDate,
        createdByUserId: access.user.id,
      })
    },
    notify: (notice) => sendPauseNotice({ ...notice, startDate, endDate }),
    audit: () => ({
      action: 'membership.paused',
      description: `Paused from ${formatDate(startDate)} to ${formatDate(endDate)}`,
    }),
  })
}

import { formatDate } from '~/lib/dates'
import { calendarDateAt } from '~/server/billing/calendar'
import { sendResumeNotice } from '../member-notices/membership-notices.server'
import { changeMembership, type MembershipChange, scheduleChange } from './membership-change.server'
import { resumeSubscription } from './resume-subscription.server'

/**
 * Staff end a pause today (the member is back early) or withdraw one still ahead: the pause, the schedule,
 * the member's notice and the history line in one transaction; answers the membership as it now stands.
 */
export function resumeMembership(change: MembershipChange) {
  const { now } = change
  return changeMembership(change, {
    work: (tx, facts) => resumeSubscription(scheduleChange(change, tx, facts)),
    notify: (notice, resumed) =>
      sendResumeNotice({ ...notice, wasRunning: resumed.wasRunning, pause: resumed.pause }),
    audit: (resumed) => ({
      action: 'membership.resumed',
      // A pause that had begun (even today) ended early; only one still ahead was withdrawn.
      description: resumed.wasRunning
        ? `Pause ended early: back from ${formatDate(calendarDateAt(now))}`
        : 'Planned pause withdrawn',
    }),
  })
}

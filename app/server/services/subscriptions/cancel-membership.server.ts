import { formatDate } from '~/lib/dates'
import type { CalendarDateString } from '~/server/billing/calendar'
import { sendCancelNotice } from '../member-notices/membership-notices.server'
import { cancelAtPeriodEnd } from './cancel-subscription.server'
import { writeCancelNow } from './manage-subscription.server'
import { changeMembership, type MembershipChange } from './membership-change.server'

/**
 * Staff cancel a membership at the end of its period (undoable until then) or now (no undo): the
 * change, the member's notice and the history line in one transaction; answers the membership as it
 * now stands.
 */
export function cancelMembership(
  change: MembershipChange & {
    immediately: boolean
    reasons: string[]
    comments: string | null
    /** A term's rules (the member cancelling inside their term): the day it ends instead of the renew date. */
    endsOn?: CalendarDateString | null
  },
) {
  const { access, now, immediately, reasons } = change
  // A blank comment box is no comment.
  const comments = change.comments || null
  return changeMembership(change, {
    work: async (tx) => ({
      subscription: immediately
        ? await writeCancelNow({ db: tx, now, subscription: access.subscription, reasons, comments })
        : await cancelAtPeriodEnd({
            db: tx,
            now,
            subscription: access.subscription,
            reasons,
            comments,
            endsOn: change.endsOn,
          }),
    }),
    notify: (notice, { subscription }) =>
      sendCancelNotice({
        ...notice,
        immediately,
        endsOn: change.endsOn ?? subscription.currentPeriodEnd,
        selfService: change.selfService,
      }),
    audit: ({ subscription }) => {
      const why = reasons.length > 0 ? ` (${reasons.join(', ')})` : ''
      const last = change.endsOn ?? subscription.currentPeriodEnd
      const endsOn = last ? `, ${formatDate(last)}` : ''
      return {
        action: immediately ? 'membership.cancelled_now' : 'membership.cancelled',
        description: immediately
          ? `Cancelled now${why}`
          : change.endsOn
            ? `Cancelled at the end of the term${endsOn}${why}`
            : `Cancelled at the end of the period${endsOn}${why}`,
        details: change.comments ? { comments: change.comments } : {},
      }
    },
  })
}

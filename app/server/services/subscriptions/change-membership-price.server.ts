import type { CalendarDateString } from '~/server/billing/calendar'
import { bookPriceChange } from './manage-subscription.server'
import { changeMembership, type MembershipChange } from './membership-change.server'
import { memberPriceChangeNotice } from './preview-price-change-mail.server'
import { priceChangeScheduledDescription } from './price-change-rules.server'

/**
 * Staff move a membership to another price from the end of its period (or the first renewal on or after
 * `date`): the change, the member's notice in the words staff previewed (issue 15) and the history line
 * in one transaction; answers the membership as it now stands.
 */
export function changeMembershipPrice(
  change: MembershipChange & { priceId: number; date: CalendarDateString | null | undefined },
) {
  const { access, now, priceId } = change
  const subscription = access.subscription
  return changeMembership(change, {
    priceIds: [priceId],
    work: (tx) =>
      bookPriceChange({
        db: tx,
        now,
        subscription,
        priceId,
        date: change.date,
        scheduledByUserId: access.user.id,
      }),
    notify: async (notice, scheduled) => {
      const mail = await memberPriceChangeNotice({
        db: notice.db,
        subscription,
        from: scheduled.from,
        to: scheduled.to,
        on: scheduled.takesEffectOn,
      })
      await notice.mailer.send({
        db: notice.db,
        organisationId: subscription.organisationId,
        to: mail.to,
        message: { subject: mail.subject, html: mail.html, text: mail.text },
        memberId: subscription.userId,
      })
    },
    audit: (scheduled) => ({
      action: 'membership.price_change_scheduled',
      description: priceChangeScheduledDescription({
        toAmount: scheduled.to.amount,
        takesEffectOn: scheduled.takesEffectOn,
      }),
      details: { price_id: priceId },
    }),
  })
}

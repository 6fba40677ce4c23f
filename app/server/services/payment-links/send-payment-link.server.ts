import type { Db } from '~/db/client.server'
import { formatLongDate } from '~/lib/dates'
import { consumeLimit } from '~/server/auth/rate-limits.server'
import { calendarDateAt } from '~/server/billing/calendar'
import { lockOwedPeriod } from '~/server/billing/engine/owed-periods.server'
import { recordAudit } from '../audit/record-audit.server'
import type { Mailer } from '../auth/mailer'
import { mailPaymentLink, type SiteUrl } from './mail-payment-link.server'

/**
 * Staff's "Send payment link" on a failed payment (issue 16): a new single-use link e-mailed to the
 * member, whatever their reminder preference (staff asked for it), with the audit line, in one
 * transaction. Refused for a period that is paid, waived or being charged now.
 */
export async function sendPaymentLink(options: {
  db: Db
  now: Date
  mailer: Mailer
  siteUrl: SiteUrl
  paymentId: number
  actorId: number
}): Promise<{ expiresAt: Date; message: string }> {
  const { db, now } = options
  await consumeLimit({ db, name: 'paymentLinkSend', key: `payment:${options.paymentId}` })
  return db.transaction(async (tx) => {
    const { failed } = await lockOwedPeriod(tx, options.paymentId)
    const sent = await mailPaymentLink({
      db: tx,
      now,
      mailer: options.mailer,
      siteUrl: options.siteUrl,
      subscriptionId: failed.subscriptionId,
      failure: failed,
      createdByUserId: options.actorId,
      kind: 'payment_failed',
    })
    await recordAudit(tx, {
      organisationId: failed.organisationId,
      actorUserId: options.actorId,
      action: 'payment.link_sent',
      subjectType: 'member',
      subjectId: failed.userId,
      changes: {
        subscription_id: failed.subscriptionId,
        payment_id: failed.id,
        description: `Sent a payment link, valid until ${formatLongDate(calendarDateAt(sent.expiresAt))}.`,
      },
    })
    const until = formatLongDate(calendarDateAt(sent.expiresAt))
    return { expiresAt: sent.expiresAt, message: `Payment link sent. It works once, until ${until}.` }
  })
}

import { and, inArray, isNull } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { subscriptions } from '~/db/schema'
import { formatDate } from '~/lib/dates'
import { AppError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { auditMembership } from '~/server/services/audit/record-audit.server'
import type { Mailer } from '~/server/services/auth/mailer'
import { schedulePriceChange } from './manage-subscription.server'
import { previewPriceChangeMail } from './preview-price-change-mail.server'

/**
 * One new price for many memberships (issue 15, members.change-price): every change, its notice to the
 * member (the outbox) and its history line in one transaction, so a batch is scheduled whole or not at
 * all. A membership changed since the list was read (its version) refuses the batch with a 409 that
 * names the member; one the caller may not manage is a 404 (`allowed` decides, per gym).
 */
export async function schedulePriceChanges(options: {
  db: Db
  now: Date
  organisationId: number
  actorId: number
  mailer: Mailer
  priceId: number
  date: string | null | undefined
  subscriptions: Array<{ id: number; version: number }>
  allowed: (gymId: number) => boolean
}) {
  const { db, now, organisationId } = options
  const ids = options.subscriptions.map((entry) => entry.id)
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.id, ids),
          ownedBy(subscriptions, organisationId),
          isNull(subscriptions.cancelledAt),
        ),
      )
      .for('update')
    const byId = new Map(rows.map((row) => [row.id, row]))
    const scheduled: Array<{ subscription_id: number; email: string; takes_effect_on: string }> = []
    for (const entry of options.subscriptions) {
      const subscription = byId.get(entry.id)
      if (!subscription || !options.allowed(subscription.gymId))
        throw new AppError('NOT_FOUND', 'Membership not found.')
      if (subscription.version !== entry.version) {
        throw new AppError(
          'CONFLICT',
          'A membership in the list was changed meanwhile. Reload the list and try again.',
        )
      }
      const result = await schedulePriceChange({
        db: tx,
        now,
        subscription,
        priceId: options.priceId,
        date: options.date,
        scheduledByUserId: options.actorId,
      })
      const notice = await previewPriceChangeMail({
        db: tx,
        now,
        subscription,
        priceId: options.priceId,
        date: result.takesEffectOn,
      })
      await options.mailer.send({
        db: tx,
        organisationId,
        to: notice.to,
        message: { subject: notice.subject, html: notice.html, text: notice.text },
      })
      await auditMembership(tx, {
        actorId: options.actorId,
        subscription,
        action: 'membership.price_change_scheduled',
        description: `Price change to ${formatCents(result.to.amount)} scheduled for ${formatDate(result.takesEffectOn)}; the member was e-mailed`,
        details: { price_id: options.priceId, bulk: true },
      })
      scheduled.push({
        subscription_id: subscription.id,
        email: notice.to,
        takes_effect_on: result.takesEffectOn,
      })
    }
    return scheduled
  })
}

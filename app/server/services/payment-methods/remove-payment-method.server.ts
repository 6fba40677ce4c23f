import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { organisations, paymentMethods, payments, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { logger } from '~/server/logger.server'
import type { CardSetupProvider } from '~/server/providers/payments/payment-method-setup'
import { recordAudit } from '~/server/services/audit/record-audit.server'
import type { Mailer } from '~/server/services/auth/mailer'
import { sendMemberNotice } from '~/server/services/member-notices/send-member-notice.server'
import { describePaymentMethod } from './describe-payment-method'
import { findMemberPaymentMethodList } from './find-member-payment-methods.server'

export const removeDefaultMethodMessage =
  'Your payments come from this one. Choose another way to pay first, then remove it.'
export const removeInFlightMethodMessage =
  'A payment from this one is still on its way. You can remove it once that payment has cleared.'

/**
 * `DELETE /api/me/payment-types/{id}` (issue 28): the member removes a saved card or bank account that
 * is not the one their payments come from. It is kept for the payments it made (`deleted_at`), never
 * charged again, and a card is forgotten by the card provider too. The member's history says they did
 * it, and they are told by e-mail. Removing one already removed answers the list as it stands, so a
 * second press does nothing more.
 */
export async function removePaymentMethod(options: {
  db: Db
  now: Date
  mailer: Mailer
  cardSetups: CardSetupProvider
  organisationId: number
  userId: number
  paymentMethodId: number
}) {
  const { db, now, userId, organisationId } = options
  const removed = await db.transaction(async (tx) => {
    // The member's row first: two removals at once take turns, and the second sees the first's work.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    const [method] = await tx
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, options.paymentMethodId), eq(paymentMethods.userId, userId)))
    if (!method) throw new AppError('NOT_FOUND', 'Payment method not found.')
    if (method.deletedAt) return null
    const { defaultId, methods } = await findMemberPaymentMethodList({ db: tx, userId })
    if (defaultId === method.id) throw new AppError('CONFLICT', removeDefaultMethodMessage)
    const [inFlight] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.paymentMethodId, method.id), eq(payments.status, 'pending_request')))
      .limit(1)
    if (inFlight) throw new AppError('CONFLICT', removeInFlightMethodMessage)
    await tx
      .update(paymentMethods)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(paymentMethods.id, method.id), isNull(paymentMethods.deletedAt)))
    // The method their payments use stays the one it was, said outright.
    await tx
      .update(users)
      .set({ defaultPaymentMethodId: defaultId, updatedAt: now })
      .where(eq(users.id, userId))
    const label = describePaymentMethod(method)
    const kept = methods.find((candidate) => candidate.id === defaultId)
    await recordAudit(tx, {
      organisationId,
      actorUserId: userId,
      action: 'payment_method.removed',
      subjectType: 'member',
      subjectId: userId,
      changes: { payment_method_id: method.id, description: `Removed their ${label} (online)` },
    })
    const [organisation] = await tx
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
    await sendMemberNotice({
      db: tx,
      mailer: options.mailer,
      now,
      memberId: userId,
      subject: 'You removed a payment method',
      heading: 'You removed a payment method',
      facts: [
        `Your ${label} is no longer saved with ${organisation?.name ?? 'your gym'}, and won’t be charged again.`,
        ...(kept ? [`Your payments come from your ${describePaymentMethod(kept)}, as before.`] : []),
        'If this wasn’t you, contact your gym and change your password.',
      ],
    })
    return method
  })
  if (removed?.type === 'stripe_card' && removed.providerReference) {
    try {
      await options.cardSetups.detachCard({
        reference: removed.providerReference,
        accountId: removed.providerAccountReference,
        now,
      })
    } catch (error) {
      // Removed on our side, so never charged again; the warning says the provider still holds it.
      logger.warn(
        { paymentMethodId: removed.id, error: error instanceof Error ? error.name : 'unknown' },
        'The card provider did not detach a removed card',
      )
    }
  }
  return findMemberPaymentMethodList({ db, userId })
}

import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { paymentMethods, payments, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import type { CardSurchargeSettings } from '~/server/billing/amounts'
import { scheduleRetriesForNewMethod } from '~/server/billing/engine/owed-periods.server'
import { surchargeFor } from '~/server/billing/next-charge'
import { findCardSurcharges } from '~/server/billing/subscription-payment.server'

/**
 * `POST /api/me/payment-types/{id}/switch`: the member's charges use this method from now on. Payments
 * not yet sent to a provider (`upcoming`) move to it too, their type and card surcharge following the
 * method, so the next charge is the one the member just chose; a period still owed with no retry
 * waiting (after a lost card, say) gets one due today, for the next billing run.
 */
export async function switchPaymentMethod(options: {
  db: Db
  now: Date
  organisationId: number
  userId: number
  paymentMethodId: number
}): Promise<void> {
  const { db, now } = options
  const [method] = await db
    .select({ id: paymentMethods.id, type: paymentMethods.type })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, options.paymentMethodId),
        eq(paymentMethods.userId, options.userId),
        isNull(paymentMethods.deletedAt),
      ),
    )
  if (!method) throw new AppError('NOT_FOUND', 'Payment method not found.')
  const surcharges = await findCardSurcharges({ db, organisationIds: [options.organisationId] })
  const settings = surcharges.get(options.organisationId)
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ defaultPaymentMethodId: method.id, updatedAt: now })
      .where(eq(users.id, options.userId))
    await scheduleRetriesForNewMethod(tx, { now, userId: options.userId, method })
    await movePaymentsTo({ db: tx, now, userId: options.userId, method, settings })
  })
}

/** Upcoming payments of the member follow their chosen method (type and surcharge with it). */
export async function movePaymentsTo(options: {
  db: Db
  now: Date
  userId: number
  method: { id: number; type: 'bank_account' | 'stripe_card' }
  settings: CardSurchargeSettings | undefined
}): Promise<void> {
  const { db, now, method, settings } = options
  const upcoming = await db
    .select({ id: payments.id, amount: payments.amount })
    .from(payments)
    .where(
      and(
        eq(payments.userId, options.userId),
        eq(payments.status, 'upcoming'),
        inArray(payments.type, ['bank_account', 'stripe_card']),
      ),
    )
  for (const payment of upcoming) {
    const surcharge = surchargeFor({ amount: payment.amount, type: method.type, settings })
    await db
      .update(payments)
      .set({ paymentMethodId: method.id, type: method.type, surcharge, updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'upcoming')))
  }
}

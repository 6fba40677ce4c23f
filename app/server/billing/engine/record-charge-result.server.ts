import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { paymentAttempts, payments } from '~/db/schema'
import type { ChargeResult } from '~/server/providers/payments/payment-provider'
import { recalculateBalanceOwing } from '~/server/services/subscriptions/recalculate-balance-owing.server'
import { addDays, calendarDateAt } from '../calendar'
import { billingPolicy } from './policy'

/**
 * Writes the provider's answer for one attempt: the attempt, the payment, a retry when a failure
 * leaves retries, and the subscription's balance and grace period. Only the attempt that is still the
 * payment's current, unfinished one is recorded, so a late or repeated answer changes nothing.
 */
export async function recordChargeResult(options: {
  db: Db
  now: Date
  paymentId: number
  attempt: number
  result: ChargeResult
}): Promise<'recorded' | 'stale'> {
  const { db, now, paymentId, attempt, result } = options
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.attempt, attempt),
          eq(payments.status, 'pending_request'),
        ),
      )
      .for('update')
    if (!payment) return 'stale' as const

    const attemptRow = and(eq(paymentAttempts.paymentId, paymentId), eq(paymentAttempts.attempt, attempt))
    if (result.status === 'pending') {
      const reference = result.reference
      await tx
        .update(paymentAttempts)
        .set({ status: 'unknown', providerReference: reference })
        .where(attemptRow)
      await tx
        .update(payments)
        .set({ ...referenceColumns(payment.type, reference), updatedAt: now })
        .where(eq(payments.id, paymentId))
      return 'recorded' as const
    }

    if (result.status === 'succeeded') {
      const reference = result.reference
      await tx
        .update(paymentAttempts)
        .set({ status: 'succeeded', providerReference: reference, finishedAt: now })
        .where(attemptRow)
      await tx
        .update(payments)
        .set({
          status: 'sent',
          paidAt: now,
          errorStatus: null,
          errorDescription: null,
          ...referenceColumns(payment.type, reference),
          updatedAt: now,
        })
        .where(eq(payments.id, paymentId))
      await recalculate(tx, now, payment)
      return 'recorded' as const
    }

    const reference = result.reference
    await tx
      .update(paymentAttempts)
      .set({
        status: 'failed',
        providerReference: reference,
        errorCode: result.errorStatus,
        errorMessage: result.errorDescription,
        finishedAt: now,
      })
      .where(attemptRow)
    await tx
      .update(payments)
      .set({
        status: 'failed',
        errorStatus: result.errorStatus,
        errorDescription: result.errorDescription,
        ...(reference ? referenceColumns(payment.type, reference) : {}),
        updatedAt: now,
      })
      .where(eq(payments.id, paymentId))

    // Retries form a chain from the first failed payment of the period (`meta.retry_of`).
    const retryOf = typeof payment.meta.retry_of === 'number' ? payment.meta.retry_of : payment.id
    const retriesSoFar = typeof payment.meta.retry_number === 'number' ? payment.meta.retry_number : 0
    const delay = billingPolicy.retryDelaysDays[retriesSoFar]
    if (delay !== undefined) {
      await tx.insert(payments).values({
        organisationId: payment.organisationId,
        subscriptionId: payment.subscriptionId,
        userId: payment.userId,
        gymId: payment.gymId,
        paymentMethodId: payment.paymentMethodId,
        destinationAccountId: payment.destinationAccountId,
        amount: payment.amount,
        surcharge: payment.surcharge,
        creditUsed: payment.creditUsed,
        periodStartAt: payment.periodStartAt,
        periodEndAt: payment.periodEndAt,
        dueOn: addDays(calendarDateAt(now), delay),
        status: 'upcoming',
        type: payment.type,
        isRetry: true,
        isProRata: payment.isProRata,
        forceAmount: payment.forceAmount,
        meta: { retry_of: retryOf, retry_number: retriesSoFar + 1 },
        createdAt: now,
        updatedAt: now,
      })
    }
    await recalculate(tx, now, payment)
    return 'recorded' as const
  })
}

// In the same transaction as the payment: balance and grace can never disagree with the payments.
function recalculate(db: Db, now: Date, payment: { organisationId: number; subscriptionId: number }) {
  return recalculateBalanceOwing({
    db,
    now,
    organisationId: payment.organisationId,
    subscriptionIds: [payment.subscriptionId],
  })
}

function referenceColumns(type: string, reference: string) {
  return type === 'bank_account' ? { akahuPaymentId: reference } : { stripeId: reference }
}

/** Counts one poll of a pending bank payment. */
export async function countPoll(options: { db: Db; paymentId: number }) {
  await options.db
    .update(payments)
    .set({ pollCount: sql`${payments.pollCount} + 1` })
    .where(eq(payments.id, options.paymentId))
}

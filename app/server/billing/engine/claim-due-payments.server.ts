import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { paymentAttempts, paymentMethods, payments } from '~/db/schema'
import type { PaymentProvider as PaymentProviderName } from '~/db/schema/enums'
import { calendarDateAt } from '../calendar'
import { attemptIdempotencyKey } from './policy'

export interface ClaimedCharge {
  paymentId: number
  subscriptionId: number
  organisationId: number
  attempt: number
  idempotencyKey: string
  amount: number
  method: {
    type: 'bank_account' | 'stripe_card'
    reference: string
    customerReference: string | null
  } | null
}

/**
 * Claims up to `limit` payments due by today and, in the same transaction, stores each one's next
 * attempt with its idempotency key (DESIGN §5). `FOR UPDATE SKIP LOCKED` hands each payment to one
 * worker only; once this commits the payment is `pending_request` and no other run will claim it.
 */
export async function claimDuePayments(options: {
  db: Db
  now: Date
  limit: number
  /** The provider that will take each kind of method, recorded on the attempt. */
  providerName: (type: 'bank_account' | 'stripe_card') => PaymentProviderName
}): Promise<ClaimedCharge[]> {
  const { db, now, limit } = options
  const today = calendarDateAt(now)
  const nameOf = options.providerName
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: payments.id,
        subscriptionId: payments.subscriptionId,
        organisationId: payments.organisationId,
        attempt: payments.attempt,
        amount: payments.amount,
        surcharge: payments.surcharge,
        creditUsed: payments.creditUsed,
        methodType: paymentMethods.type,
        methodReference: paymentMethods.providerReference,
        customerReference: paymentMethods.providerCustomerReference,
        methodDeletedAt: paymentMethods.deletedAt,
      })
      .from(payments)
      .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
      .where(
        and(
          eq(payments.status, 'upcoming'),
          lte(payments.dueOn, today),
          inArray(payments.type, ['bank_account', 'stripe_card']),
        ),
      )
      .orderBy(payments.dueOn, payments.id)
      .limit(limit)
      .for('update', { of: payments, skipLocked: true })
    if (due.length === 0) return []

    const claimed: ClaimedCharge[] = []
    for (const row of due) {
      const attempt = row.attempt + 1
      const idempotencyKey = attemptIdempotencyKey(row.id, attempt)
      const usable =
        row.methodType !== null && row.methodReference !== null && row.methodDeletedAt === null
          ? { type: row.methodType, reference: row.methodReference, customerReference: row.customerReference }
          : null
      await tx
        .update(payments)
        .set({ status: 'pending_request', attempt, idempotencyKey, updatedAt: now })
        .where(eq(payments.id, row.id))
      await tx.insert(paymentAttempts).values({
        organisationId: row.organisationId,
        paymentId: row.id,
        attempt,
        idempotencyKey,
        provider: nameOf(usable?.type ?? 'stripe_card'),
        status: 'started',
        startedAt: now,
      })
      claimed.push({
        paymentId: row.id,
        subscriptionId: row.subscriptionId,
        organisationId: row.organisationId,
        attempt,
        idempotencyKey,
        amount: row.amount + row.surcharge - row.creditUsed,
        method: usable,
      })
    }
    return claimed
  })
}

/** Attempts left `started` by a worker that died before recording the provider's answer. */
export async function claimInDoubtAttempts(options: { db: Db; startedBefore: Date; limit: number }) {
  const { db, startedBefore, limit } = options
  return db
    .select({
      paymentId: paymentAttempts.paymentId,
      attempt: paymentAttempts.attempt,
      idempotencyKey: paymentAttempts.idempotencyKey,
    })
    .from(paymentAttempts)
    .innerJoin(payments, eq(payments.id, paymentAttempts.paymentId))
    .where(
      and(
        eq(paymentAttempts.status, 'started'),
        isNull(paymentAttempts.finishedAt),
        lte(paymentAttempts.startedAt, startedBefore),
        eq(payments.status, 'pending_request'),
        sql`${payments.attempt} = ${paymentAttempts.attempt}`,
      ),
    )
    .orderBy(paymentAttempts.startedAt)
    .limit(limit)
}

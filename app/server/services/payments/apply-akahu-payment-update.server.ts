import type { PaymentStatus, PaymentStatusCode } from 'akahu'
import { and, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { paymentAttempts } from '~/db/schema'
import { recordChargeResult } from '~/server/billing/engine/record-charge-result.server'
import { akahuChargeResult } from '~/server/providers/payments/akahu/akahu-statuses'

export type AkahuPaymentUpdateVerdict = 'recorded' | 'stale' | 'still_pending' | 'unknown_payment'

/**
 * For the webhook pipeline: Akahu's `PAYMENT`/`UPDATE` webhook (its `item_id`, `status`, `status_code`)
 * applied as a poll's answer would be — mapped by the same rules (`akahuChargeResult`) and recorded on
 * the attempt that made the payment. Recording only moves an attempt that is still its payment's
 * current, unfinished one, so the same webhook three times, or one arriving after a poll settled the
 * payment, changes nothing (`stale`). A payment none of our attempts made is `unknown_payment`.
 */
export async function applyAkahuPaymentUpdate(options: {
  db: Db
  now: Date
  akahuPaymentId: string
  status: PaymentStatus
  statusCode?: PaymentStatusCode | undefined
}): Promise<AkahuPaymentUpdateVerdict> {
  const { db, now } = options
  const [attempt] = await db
    .select({ paymentId: paymentAttempts.paymentId, attempt: paymentAttempts.attempt })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.providerReference, options.akahuPaymentId),
        eq(paymentAttempts.provider, 'akahu'),
      ),
    )
  if (!attempt) return 'unknown_payment'
  const result = akahuChargeResult({
    _id: options.akahuPaymentId,
    status: options.status,
    status_code: options.statusCode,
  })
  if (result.status === 'pending') return 'still_pending'
  return recordChargeResult({ db, now, paymentId: attempt.paymentId, attempt: attempt.attempt, result })
}

import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { paymentAttempts, paymentMethods, payments, subscriptions } from '~/db/schema'
import { attemptInDoubt } from '~/server/billing/engine/claim-due-payments.server'
import { billingPolicy } from '~/server/billing/engine/policy'
import { recordChargeResult } from '~/server/billing/engine/record-charge-result.server'
import { chargeMethodColumns, chargeMethodOf } from '~/server/billing/engine/run-billing.server'
import { safeErrorMessage } from '~/server/loggable-error.server'
import { logger } from '~/server/logger.server'
import {
  type ChargeResult,
  type PaymentProviders,
  providerKindFor,
} from '~/server/providers/payments/payment-provider'
import type { Mailer } from '../auth/mailer'
import { confirmStagingMembership, lockMember, recordJoinDecline } from './join-membership.server'

/** What the daily run did with joins whose first charge was left in doubt. */
export interface JoinsInDoubtStats {
  /** Charged at the provider: the payment recorded and the membership confirmed, the welcome e-mail sent. */
  joined: number
  /** Refused at the provider: recorded, the member's next Confirm tries again. */
  declined: number
  /** Never reached the provider: closed without a charge, the member's next Confirm tries again. */
  notSent: number
}

/**
 * A join's first charge whose answer never came back: the web process died between the provider and the
 * record (ADR 056), and the member never pressed Confirm again, which would have settled it with the same
 * key. The billing engine's own settling leaves staging memberships alone, so the daily run settles them
 * here, once they are older than the in-doubt window, by asking the provider about the stored key:
 *
 * - charged (or accepted by the bank): the payment is recorded and the membership confirmed, as the
 *   Confirm press the member made would have done; the welcome e-mail tells them in writing;
 * - refused: recorded as the Confirm would have, the payment waiting for their next Confirm;
 * - unknown to the provider: nothing was taken, and nothing is taken now (unlike a renewal, nobody has
 *   joined yet): the attempt is closed, the payment waits for their next Confirm.
 *
 * Each settles in a transaction holding the member's row, as the Confirm's own do, and only while the
 * attempt is still the one in doubt, so a Confirm pressed meanwhile is never undone.
 */
export async function settleJoinsInDoubt(options: {
  db: Db
  providers: PaymentProviders
  now: Date
  mailer: Mailer
}): Promise<JoinsInDoubtStats> {
  const { db, providers, now, mailer } = options
  const stats: JoinsInDoubtStats = { joined: 0, declined: 0, notSent: 0 }
  const startedBefore = new Date(now.getTime() - billingPolicy.inDoubtAfterMs)
  const inDoubt = await db
    .select({
      paymentId: payments.id,
      attempt: paymentAttempts.attempt,
      idempotencyKey: paymentAttempts.idempotencyKey,
      type: payments.type,
      subscriptionId: subscriptions.id,
      userId: subscriptions.userId,
      method: chargeMethodColumns,
    })
    .from(paymentAttempts)
    .innerJoin(payments, eq(payments.id, paymentAttempts.paymentId))
    .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(
      and(
        attemptInDoubt(startedBefore),
        eq(subscriptions.isStaging, true),
        isNull(subscriptions.cancelledAt),
      ),
    )
    .orderBy(paymentAttempts.startedAt)
    .limit(billingPolicy.batchSize)

  for (const join of inDoubt) {
    if (join.type !== 'bank_account' && join.type !== 'stripe_card') continue
    let result: ChargeResult | null
    try {
      result = await providers[providerKindFor(join.type)].findCharge({
        idempotencyKey: join.idempotencyKey,
        method: chargeMethodOf(join.method),
      })
    } catch (error) {
      logger.warn(
        { paymentId: join.paymentId, attempt: join.attempt, err: { message: safeErrorMessage(error) } },
        'join in doubt not looked up; asked again at the next run',
      )
      continue
    }
    const settled = await db.transaction(async (tx) => {
      await lockMember(tx, join.userId)
      const [still] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.id, join.paymentId),
            eq(payments.attempt, join.attempt),
            eq(payments.status, 'pending_request'),
          ),
        )
      // A Confirm pressed meanwhile settled it.
      if (!still) return null
      if (result === null) {
        await recordJoinDecline({
          tx,
          now,
          paymentId: join.paymentId,
          attempt: join.attempt,
          declined: { reference: null, errorStatus: null, errorDescription: null },
        })
        return 'notSent' as const
      }
      if (result.status === 'failed') {
        await recordJoinDecline({
          tx,
          now,
          paymentId: join.paymentId,
          attempt: join.attempt,
          declined: result,
        })
        return 'declined' as const
      }
      await recordChargeResult({ db: tx, now, paymentId: join.paymentId, attempt: join.attempt, result })
      await confirmStagingMembership(tx, now, join.subscriptionId, mailer)
      return 'joined' as const
    })
    if (settled) stats[settled] += 1
  }
  if (stats.joined + stats.declined + stats.notSent > 0) logger.info(stats, 'joins left in doubt settled')
  return stats
}

import { and, eq, inArray } from 'drizzle-orm'
import { waiveReasonMessage } from '~/contracts/payments'
import type { Db } from '~/db/client.server'
import { payments } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { lockOwedPeriod } from '~/server/billing/engine/owed-periods.server'
import { chargedTotal } from '~/server/billing/next-charge'
import { isFailedPaymentStatus } from '~/server/billing/payment-statuses'
import { recordAudit } from '../audit/record-audit.server'
import type { Mailer } from '../auth/mailer'
import { sendWaiverNotice } from '../member-notices/membership-notices.server'
import { recalculateBalanceOwing } from '../subscriptions/recalculate-balance-owing.server'

/**
 * Staff let a member off a failed payment (issue 16): the period's failed payments become `waived`
 * (their failure reason kept), its waiting retry is withdrawn, and the balance owing, periods owing
 * and grace period are worked out again from the payments — all with the audit line and the member's
 * notice, in one transaction. Refused for a period that is paid, already waived or being charged right now.
 */
export async function waivePayment(options: {
  db: Db
  now: Date
  paymentId: number
  reason: string
  actorId: number
  mailer: Mailer
}): Promise<{ waived: number; amount: number; message: string }> {
  const { db, now } = options
  const reason = options.reason.trim()
  if (!reason) {
    throw new AppError('VALIDATION', waiveReasonMessage, { fieldErrors: { reason: [waiveReasonMessage] } })
  }
  return db.transaction(async (tx) => {
    const { failed, rows } = await lockOwedPeriod(tx, options.paymentId)
    const failures = rows.filter((row) => isFailedPaymentStatus(row.status))
    const waiting = rows.filter((row) => row.status === 'upcoming' && row.isRetry)
    const waiver = { by: options.actorId, at: now.toISOString(), reason }
    for (const row of failures) {
      await tx
        .update(payments)
        .set({ status: 'waived', meta: { ...row.meta, waived: waiver }, updatedAt: now })
        .where(eq(payments.id, row.id))
    }
    if (waiting.length > 0) {
      await tx
        .update(payments)
        .set({ status: 'cancelled', updatedAt: now })
        .where(
          and(
            inArray(
              payments.id,
              waiting.map((row) => row.id),
            ),
            eq(payments.status, 'upcoming'),
          ),
        )
    }
    await recalculateBalanceOwing({
      db: tx,
      now,
      organisationId: failed.organisationId,
      subscriptionIds: [failed.subscriptionId],
    })
    const amount = chargedTotal(failed)
    await recordAudit(tx, {
      organisationId: failed.organisationId,
      actorUserId: options.actorId,
      action: 'payment.waived',
      subjectType: 'member',
      subjectId: failed.userId,
      changes: {
        subscription_id: failed.subscriptionId,
        payment_id: failed.id,
        amount,
        reason,
        description: `Waived a failed payment of ${formatCents(amount)}: ${reason}`,
      },
    })
    // The member is told in writing, in the same transaction (issue 25).
    await sendWaiverNotice({
      db: tx,
      mailer: options.mailer,
      now,
      memberId: failed.userId,
      subscriptionId: failed.subscriptionId,
      amount,
      dueOn: failed.dueOn,
    })
    const message = `Waived ${formatCents(amount)}. The member no longer owes it.`
    return { waived: failures.length, amount, message }
  })
}

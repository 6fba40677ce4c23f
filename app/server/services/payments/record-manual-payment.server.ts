import { and, eq, isNull, sql } from 'drizzle-orm'
import type { SettledAtDesk } from '~/contracts/desk-methods'
import type { DeskPaymentMethod } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { payments, type subscriptions } from '~/db/schema'
import { calendarDateAt } from '~/server/billing/calendar'
import { chargedTotal } from '~/server/billing/next-charge'
import { recalculateBalanceOwing } from '../subscriptions/recalculate-balance-owing.server'

/**
 * A payment staff took at the desk (cash, EFTPOS, bank transfer, other: its method is kept). It settles the oldest period still owed, so the
 * balance and the grace period follow; without anything owed it is recorded on its own. Run in the
 * caller's transaction: the period it settles is chosen under the same snapshot it is written in.
 * Answers the payment, what it settles, and the membership as it now stands (its balance recalculated).
 */
export async function recordManualPayment(options: {
  db: Db
  now: Date
  subscription: typeof subscriptions.$inferSelect
  amount: number
  /** How it was paid: cash, EFTPOS, bank transfer or other (issue 25). */
  method: DeskPaymentMethod
  note?: string | null | undefined
  processedByUserId: number
}) {
  const { db, now, subscription } = options
  const today = calendarDateAt(now)
  const [owed] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.subscriptionId, subscription.id),
        eq(payments.status, 'failed'),
        sql`not exists (select 1 from ${payments} s where s.subscription_id = ${payments.subscriptionId}
          and s.period_start_at = ${payments.periodStartAt} and s.status = 'sent')`,
      ),
    )
    .orderBy(payments.dueOn)
    .limit(1)
  const [payment] = await db
    .insert(payments)
    .values({
      organisationId: subscription.organisationId,
      subscriptionId: subscription.id,
      userId: subscription.userId,
      gymId: subscription.gymId,
      amount: options.amount,
      periodStartAt: owed?.periodStartAt ?? null,
      periodEndAt: owed?.periodEndAt ?? null,
      dueOn: today,
      status: 'sent',
      type: 'manual',
      deskMethod: options.method,
      isRetry: owed !== undefined,
      forceAmount: true,
      processedByUserId: options.processedByUserId,
      paidAt: now,
      meta: options.note ? { note: options.note } : {},
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  if (owed && payment) {
    // The failed payments of the period say they were settled here (the lists show it).
    const settled: SettledAtDesk = { on: today, payment_id: payment.id }
    await db
      .update(payments)
      .set({
        meta: sql`${payments.meta} || ${JSON.stringify({ settled_at_desk: settled })}::jsonb`,
        updatedAt: now,
      })
      .where(
        and(
          eq(payments.subscriptionId, subscription.id),
          eq(payments.status, 'failed'),
          owed.periodStartAt === null
            ? eq(payments.id, owed.id)
            : eq(payments.periodStartAt, owed.periodStartAt),
        ),
      )
    // Retries still waiting for the period are no longer wanted.
    await db
      .update(payments)
      .set({ status: 'cancelled', updatedAt: now })
      .where(
        and(
          eq(payments.subscriptionId, subscription.id),
          eq(payments.status, 'upcoming'),
          eq(payments.isRetry, true),
          owed.periodStartAt === null
            ? isNull(payments.periodStartAt)
            : eq(payments.periodStartAt, owed.periodStartAt),
        ),
      )
  }
  const [balance] = await recalculateBalanceOwing({
    db,
    now,
    organisationId: subscription.organisationId,
    subscriptionIds: [subscription.id],
  })
  if (!payment) throw new Error('Inserting the payment returned no row')
  return {
    payment,
    /** The failed payment it settles: its due day and what it asked for. */
    settles: owed ? { dueOn: owed.dueOn, amount: chargedTotal(owed) } : null,
    // The recalculation moves the version on, as every change of the balance does.
    subscription: balance
      ? {
          ...subscription,
          balanceOwing: balance.balanceOwing,
          periodsOwing: balance.periodsOwing,
          gracePeriodEndsAt: balance.gracePeriodEndsAt,
          version: subscription.version + 1,
          updatedAt: now,
        }
      : subscription,
  }
}

import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm'
import type { ActiveSubscription } from '~/contracts/join-payment'
import type { Db } from '~/db/client.server'
import { gyms, offerings, organisations, paymentMethods, payments, prices, subscriptions } from '~/db/schema'
import { toNextChargeResource } from '~/server/api/resources/next-charge'
import { periodAmount } from '~/server/billing/amounts'
import { findNextCharge } from '~/server/billing/next-charge.server'
import { describePaymentMethod } from '../payment-methods/describe-payment-method'

const firstPaymentStatus = (status: string): 'paid' | 'pending' | 'upcoming' | 'failed' =>
  status === 'sent'
    ? 'paid'
    : status === 'pending_request'
      ? 'pending'
      : status === 'upcoming'
        ? 'upcoming'
        : 'failed'

type FirstPayment = {
  payment: typeof payments.$inferSelect
  method: typeof paymentMethods.$inferSelect | null
}

/**
 * `GET /api/me/active-subscription`: the member's confirmed membership (not a join still being paid
 * for, nor one that has ended), with what the welcome screen tells them: the first payment's result, the
 * next charge and how to get in.
 */
export async function findActiveSubscription(options: {
  db: Db
  userId: number
  now: Date
}): Promise<ActiveSubscription | null> {
  return (await findActiveMembership(options))?.membership ?? null
}

/** `findActiveSubscription`, with its first payment's rows for what needs more of it (the receipt). */
export async function findActiveMembership(options: {
  db: Db
  userId: number
  now: Date
}): Promise<{ membership: ActiveSubscription; firstPayment: FirstPayment | undefined } | null> {
  const { db, userId, now } = options
  const [row] = await db
    .select({
      subscription: subscriptions,
      price: prices,
      offeringName: offerings.name,
      gymName: gyms.name,
      organisation: organisations,
    })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .innerJoin(gyms, eq(gyms.id, subscriptions.gymId))
    .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.isStaging, false),
        isNull(subscriptions.cancelledAt),
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1)
  if (!row) return null
  const { subscription, price } = row
  const [first] = await db
    .select({ payment: payments, method: paymentMethods })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(and(eq(payments.subscriptionId, subscription.id), ne(payments.status, 'cancelled')))
    .orderBy(asc(payments.id))
    .limit(1)
  const amount = periodAmount({ price, forcePriceAmount: subscription.forcePriceAmount })
  // The one rule the engine charges by (ADR 031): price changes, surcharge, pauses, retries.
  const nextCharge = await findNextCharge({ db, subscriptionId: subscription.id, now })
  const membership: ActiveSubscription = {
    id: subscription.id,
    offering_name: row.offeringName,
    gym_name: row.gymName,
    start_date: subscription.startDate,
    billing_frequency: price.billingFrequency,
    amount,
    next_charge: toNextChargeResource(nextCharge),
    first_payment: first
      ? {
          amount: first.payment.amount + first.payment.surcharge,
          status: firstPaymentStatus(first.payment.status),
          paid_at: first.payment.paidAt?.toISOString() ?? null,
          due_on: first.payment.dueOn,
          method_label: first.method ? describePaymentMethod(first.method) : null,
        }
      : null,
    door_access: `Show your name at reception at ${row.gymName} on your first visit; they’ll set up your door access.`,
  }
  return { membership, firstPayment: first }
}

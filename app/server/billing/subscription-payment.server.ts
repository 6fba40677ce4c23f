import { eq, inArray } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { organisations, payments, prices, type subscriptions } from '~/db/schema'
import type { CardSurchargeSettings } from './amounts'
import type { CalendarDateString } from './calendar'
import { findMemberPaymentMethod, type MemberPaymentMethod } from './member-payment-method.server'
import { renewalAmount, surchargeFor } from './next-charge'

type SubscriptionRow = typeof subscriptions.$inferSelect
type PriceRow = typeof prices.$inferSelect

/** Each organisation's card surcharge settings, in one query. */
export async function findCardSurcharges(options: {
  db: Db
  organisationIds: readonly number[]
}): Promise<Map<number, CardSurchargeSettings>> {
  const rows = await options.db
    .select({
      id: organisations.id,
      cardSurchargeBasisPoints: organisations.cardSurchargeBasisPoints,
      cardSurchargeFixed: organisations.cardSurchargeFixed,
    })
    .from(organisations)
    .where(inArray(organisations.id, [...new Set(options.organisationIds)]))
  return new Map(rows.map(({ id, ...settings }) => [id, settings]))
}

/**
 * A payment of a subscription as it is created, `upcoming`: charged to the member's payment method
 * (`chooseMemberPaymentMethod`), its type following the method, and carrying the organisation's card
 * surcharge when that method is a card. A member without a method yet is billed by bank account, the
 * join flow's default, and the payment takes the method they connect.
 */
export function subscriptionPaymentValues(options: {
  subscription: Pick<SubscriptionRow, 'id' | 'organisationId' | 'userId' | 'gymId'>
  amount: number
  method: MemberPaymentMethod | null
  surcharge: CardSurchargeSettings | null
  dueOn: CalendarDateString
  period: { start: CalendarDateString; end: CalendarDateString } | null
  now: Date
  isProRata?: boolean
  meta?: Record<string, unknown>
}): typeof payments.$inferInsert {
  const { subscription, amount, method, surcharge, period, now } = options
  const type = method?.type ?? 'bank_account'
  return {
    organisationId: subscription.organisationId,
    subscriptionId: subscription.id,
    userId: subscription.userId,
    gymId: subscription.gymId,
    paymentMethodId: method?.id ?? null,
    amount,
    surcharge: surchargeFor({ amount, type, settings: surcharge }),
    periodStartAt: period?.start ?? null,
    periodEndAt: period?.end ?? null,
    dueOn: options.dueOn,
    status: 'upcoming',
    type,
    isProRata: options.isProRata ?? false,
    meta: options.meta ?? {},
    createdAt: now,
    updatedAt: now,
  }
}

/**
 * The payment of one billing period, due on its first day: one period's amount (`periodAmount`: the
 * subscription's forced amount, else the price's) plus any extra, such as the joining fee on the first.
 */
export function periodPaymentValues(options: {
  subscription: SubscriptionRow
  price: Pick<PriceRow, 'amount'>
  method: MemberPaymentMethod | null
  surcharge: CardSurchargeSettings | null
  period: { start: CalendarDateString; end: CalendarDateString }
  now: Date
  extraAmount?: number
}): typeof payments.$inferInsert {
  const { subscription, price, period } = options
  const amount = renewalAmount({ subscription, price, changed: false }) + (options.extraAmount ?? 0)
  return subscriptionPaymentValues({ ...options, amount, dueOn: period.start, period })
}

/**
 * Creates a period's payment unless it exists: `ON CONFLICT DO NOTHING` on the one-payment-per-period
 * index, so running twice (or two workers) never creates a second one. True when it was created.
 */
export async function createPeriodPayment(options: {
  db: Db
  subscription: SubscriptionRow
  priceId: number
  period: { start: CalendarDateString; end: CalendarDateString }
  now: Date
  extraAmount?: number
}): Promise<boolean> {
  const { db, subscription } = options
  const [price] = await db.select().from(prices).where(eq(prices.id, options.priceId))
  if (!price) return false
  const method = await findMemberPaymentMethod({ db, userId: subscription.userId })
  const surcharges = await findCardSurcharges({ db, organisationIds: [subscription.organisationId] })
  const inserted = await db
    .insert(payments)
    .values(
      periodPaymentValues({
        ...options,
        price,
        method,
        surcharge: surcharges.get(subscription.organisationId) ?? null,
      }),
    )
    .onConflictDoNothing()
    .returning({ id: payments.id })
  return inserted.length > 0
}

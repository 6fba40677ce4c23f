import { and, eq, isNull } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { prices, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { firstPaymentAmount } from '~/server/billing/amounts'
import { calendarDateAt } from '~/server/billing/calendar'
import { createPeriodPayment } from '~/server/billing/subscription-payment.server'
import { createSubscription, type Subscription } from './create-subscription.server'

/**
 * A new membership: the subscription and its first payment (the first period plus the joining fee),
 * due on the start date, so the next billing run charges it. A start in the future is `upcoming`.
 */
export async function createMembership(options: {
  db: Db
  now: Date
  organisationId: number
  userId: number
  priceId: number
  gymId?: number | undefined
  startDate?: string | undefined
  privatePriceLinkId?: number | undefined
  /** The join flow's membership, confirmed once its first charge is taken (`joinMembership`). */
  isStaging?: boolean
}): Promise<Subscription> {
  const { db, now } = options
  const [member] = await db
    .select({ homeGymId: users.homeGymId })
    .from(users)
    .where(and(eq(users.id, options.userId), ownedBy(users, options.organisationId), isNull(users.deletedAt)))
  if (!member) throw new AppError('NOT_FOUND', 'Member not found.')
  const gymId = options.gymId ?? member.homeGymId
  if (!gymId) throw new AppError('VALIDATION', 'Choose a gym', { fieldErrors: { gym_id: ['Choose a gym'] } })
  const subscription = await createSubscription({
    db,
    now,
    organisationId: options.organisationId,
    userId: options.userId,
    priceId: options.priceId,
    gymId,
    startDate: options.startDate ?? calendarDateAt(now),
    privatePriceLinkId: options.privatePriceLinkId ?? null,
    isStaging: options.isStaging ?? false,
  })
  const [price] = await db.select().from(prices).where(eq(prices.id, subscription.priceId))
  if (!price) throw new AppError('NOT_FOUND', 'Price not found.')
  const first = firstPaymentAmount({ price, forcePriceAmount: subscription.forcePriceAmount })
  const start = subscription.currentPeriodStart ?? subscription.startDate
  await createPeriodPayment({
    db,
    subscription,
    priceId: price.id,
    period: { start, end: subscription.currentPeriodEnd ?? start },
    now,
    extraAmount: first.joiningFee,
  })
  return subscription
}

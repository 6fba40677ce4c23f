import { and, eq, isNull } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import { hasTerm } from '~/contracts/price-rules'
import type { Db } from '~/db/client.server'
import { gyms, offeringGyms, offerings, prices, privatePriceLinks, subscriptions, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { z } from '~/lib/validation'
import { calendarDateAt } from '~/server/billing/calendar'
import { billingPeriodOn, isRecurringFrequency } from '~/server/billing/periods'
import { coolingOffEndDate, termEndDate } from '~/server/billing/term-membership'
import {
  calendarDateSchema,
  centsSchema,
  idSchema,
  notFound,
  parseInput,
  validationError,
} from '../service-input.server'

export type Subscription = typeof subscriptions.$inferSelect

const inputSchema = z.object({
  organisationId: idSchema,
  userId: idSchema,
  priceId: idSchema,
  gymId: idSchema,
  /** First day of membership and the billing anchor. May be in the past (members moved from another system). */
  startDate: calendarDateSchema,
  /** Required for a private price: the link the member used. */
  privatePriceLinkId: idSchema.nullish(),
  forcePriceAmount: centsSchema.nullish(),
  /** A subscription being assembled during registration, not yet confirmed by the member. */
  isStaging: z.boolean().default(false),
})

export type CreateSubscriptionInput = z.input<typeof inputSchema>

/**
 * Subscribes a member to a price at a gym. The current period is the billing period containing today
 * (in Pacific/Auckland, from `now`), counted from the start date; a start in the future makes the
 * subscription upcoming, with its first period as the current one.
 */
export async function createSubscription(
  options: CreateSubscriptionInput & { db: Db; now: Date },
): Promise<Subscription> {
  const { db, now, ...rest } = options
  const input = parseInput(inputSchema, rest)
  const { organisationId } = input
  const today = calendarDateAt(now)

  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.userId), ownedBy(users, organisationId), isNull(users.deletedAt)))
  if (!member) throw notFound('Member')

  const [gym] = await db
    .select({ id: gyms.id })
    .from(gyms)
    .where(and(eq(gyms.id, input.gymId), ownedBy(gyms, organisationId)))
  if (!gym) throw notFound('Gym')

  const [row] = await db
    .select({
      price: prices,
      offering: { allGymsAccess: offerings.allGymsAccess, archivedAt: offerings.archivedAt },
    })
    .from(prices)
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .where(and(eq(prices.id, input.priceId), ownedBy(prices, organisationId)))
  if (!row) throw notFound('Price')
  const { price, offering } = row
  if (price.archivedAt || offering.archivedAt)
    throw validationError('priceId', 'The price is no longer available.')
  if (price.gymId !== null && price.gymId !== input.gymId) {
    throw validationError('priceId', 'The price is for another gym.')
  }
  if (!offering.allGymsAccess) {
    const [access] = await db
      .select({ gymId: offeringGyms.gymId })
      .from(offeringGyms)
      .where(and(eq(offeringGyms.offeringId, price.offeringId), eq(offeringGyms.gymId, input.gymId)))
    if (!access) throw validationError('gymId', 'The offering is not available at this gym.')
  }

  if (price.private) {
    if (input.privatePriceLinkId == null)
      throw validationError('priceId', 'A private price needs its private link.')
    const [link] = await db
      .select()
      .from(privatePriceLinks)
      .where(
        and(eq(privatePriceLinks.id, input.privatePriceLinkId), ownedBy(privatePriceLinks, organisationId)),
      )
    if (!link || link.priceId !== price.id)
      throw validationError('privatePriceLinkId', 'The private link is not for this price.')
    if (link.expiresAt && link.expiresAt <= now)
      throw validationError('privatePriceLinkId', 'The private link has expired.')
  }

  // One live membership per member: a second one would bill them twice. Cancelled ones do not count.
  const [live] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, input.userId),
        isNull(subscriptions.cancelledAt),
        eq(subscriptions.isStaging, false),
      ),
    )
    .limit(1)
  if (live && !input.isStaging) throw new AppError('CONFLICT', 'The member already has a membership.')

  const period = isRecurringFrequency(price.billingFrequency)
    ? billingPeriodOn({ anchor: input.startDate, frequency: price.billingFrequency, date: today })
    : // A one-off price is a single payment: its "period" opens on the start date and never renews.
      { start: input.startDate, end: null }
  const upcoming = input.startDate > today
  const term = hasTerm(price)
    ? {
        termEndsAt: termEndDate({
          startDate: input.startDate,
          termAmount: price.termAmount,
          termUnit: price.termUnit,
        }),
        coolingPeriodEndsAt: coolingOffEndDate(input.startDate),
      }
    : { termEndsAt: null, coolingPeriodEndsAt: null }

  return db.transaction(async (tx) => {
    const [subscription] = await tx
      .insert(subscriptions)
      .values({
        organisationId,
        userId: input.userId,
        gymId: input.gymId,
        priceId: price.id,
        startDate: input.startDate,
        currentPeriodStart: period.start,
        currentPeriodEnd: period.end,
        upcomingState: upcoming ? 'upcoming' : null,
        initialState: upcoming ? 'upcoming' : 'active',
        forcePriceAmount: input.forcePriceAmount ?? null,
        isStaging: input.isStaging,
        ...term,
        privatePriceLinkId: price.private ? (input.privatePriceLinkId ?? null) : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!subscription) throw new Error('Inserting the subscription returned no row')
    if (price.private && input.privatePriceLinkId != null && !input.isStaging) {
      await tx
        .update(privatePriceLinks)
        .set({ usedAt: now, usedByUserId: input.userId })
        .where(and(eq(privatePriceLinks.id, input.privatePriceLinkId), isNull(privatePriceLinks.usedAt)))
    }
    return subscription
  })
}

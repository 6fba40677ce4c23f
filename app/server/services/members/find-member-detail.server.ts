import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { gyms, offerings, prices, subscriptions, users } from '~/db/schema'
import { findChargeSchedules } from '~/server/billing/next-charge.server'
import { findMemberPaymentMethodList } from '~/server/services/payment-methods/find-member-payment-methods.server'
import { selectNamedPrices } from '~/server/services/prices/find-prices.server'
import { notFound } from '../service-input.server'

/**
 * What the member's page shows (issue 15): the member's own row, their home gym, their latest
 * membership (not one still being assembled at sign-up) with its gym, price and offering, and their
 * saved payment methods. The caller has checked the member is in scope (`findMemberInScope`).
 */
export async function findMemberDetail(options: { db: Db; memberId: number; now: Date }) {
  const { db, memberId, now } = options
  const [[member], [latest], paymentMethods] = await readTogether(db, [
    () =>
      db
        .select({ user: users, homeGym: { id: gyms.id, name: gyms.name } })
        .from(users)
        .leftJoin(gyms, eq(gyms.id, users.homeGymId))
        .where(eq(users.id, memberId)),
    () =>
      db
        .select({
          subscription: subscriptions,
          gym: { id: gyms.id, name: gyms.name },
          price: {
            id: prices.id,
            amount: prices.amount,
            billingFrequency: prices.billingFrequency,
            termAmount: prices.termAmount,
            termUnit: prices.termUnit,
          },
          offering: { id: offerings.id, name: offerings.name },
        })
        .from(subscriptions)
        .leftJoin(gyms, eq(gyms.id, subscriptions.gymId))
        .innerJoin(prices, eq(prices.id, subscriptions.priceId))
        .innerJoin(offerings, eq(offerings.id, prices.offeringId))
        .where(and(eq(subscriptions.userId, memberId), eq(subscriptions.isStaging, false)))
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
        .limit(1),
    () => findMemberPaymentMethodList({ db, userId: memberId }),
  ])
  if (!member) return null
  // The next charge and the price change's day by the rule the engine charges by (ADR 031).
  const schedule = latest
    ? (await findChargeSchedules({ db, subscriptionIds: [latest.subscription.id], now })).get(
        latest.subscription.id,
      )
    : undefined
  const movingTo = latest?.subscription.transitionToPriceId ?? null
  const [priceChange] = movingTo !== null ? await selectNamedPrices(db).where(eq(prices.id, movingTo)) : []
  return {
    ...member,
    latest: latest ?? null,
    nextCharge: schedule?.nextCharge ?? null,
    // A change that never takes effect (the membership ends first) is not shown.
    priceChange:
      priceChange && schedule?.priceChangeOn
        ? { ...priceChange, takesEffectOn: schedule.priceChangeOn }
        : null,
    paymentMethods,
  }
}

export type MemberDetailRow = NonNullable<Awaited<ReturnType<typeof findMemberDetail>>>

/** `findMemberDetail` of a member who must exist (just checked, added or changed): else a 404. */
export async function findExistingMemberDetail(options: { db: Db; memberId: number; now: Date }) {
  const detail = await findMemberDetail(options)
  if (!detail) throw notFound('Member')
  return detail
}

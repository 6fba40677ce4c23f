import { eq, inArray } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { gyms, offerings, prices, type subscriptions } from '~/db/schema'
import type { NextCharge } from '~/server/billing/next-charge'
import { findChargeSchedules } from '~/server/billing/next-charge.server'
import type { Pause } from '~/server/billing/periods'
import { auditMembership } from '../audit/record-audit.server'
import type { Mailer } from '../auth/mailer'
import { notFound } from '../service-input.server'
import { assertSubscriptionVersion } from './subscription-version.server'

type SubscriptionRow = typeof subscriptions.$inferSelect

/**
 * What every staff change to one membership takes (pause, resume, cancel, undo, start early, desk
 * payment, price change): the database, the mailer, the clock, and the access module's answer
 * (`subscriptionFor(…, 'manage')`: the membership as read once, and who is changing it).
 */
export interface MembershipChange {
  db: Db
  mailer: Mailer
  now: Date
  access: { subscription: SubscriptionRow; user: { id: number } }
  /** The version the caller read (SPEC §3): the change lands only on it (409 otherwise). */
  version: number
  /**
   * The member made the change themselves in their account (issue 28): the history line says so
   * (`self_service` in its details) and the dashboard counts it.
   */
  selfService?: boolean
}

/** A membership's price with its offering, as the member's page and the notices name it. */
export interface MembershipPrice {
  id: number
  amount: (typeof prices.$inferSelect)['amount']
  billingFrequency: (typeof prices.$inferSelect)['billingFrequency']
  termAmount: number | null
  termUnit: (typeof prices.$inferSelect)['termUnit']
  offeringId: number
  offeringName: string
}

/** The membership's gym and its prices (the current one, a booked one, any the change names), read once. */
export interface MembershipFacts {
  gym: { id: number; name: string } | null
  prices: Map<number, MembershipPrice>
}

/** A membership as a change leaves it: the fresh row, what it is on, and what it is charged next. */
export interface MembershipAfterChange {
  subscription: SubscriptionRow
  gym: { id: number; name: string } | null
  price: MembershipPrice
  nextCharge: NextCharge | null
  /** A booked price change that takes effect: the price it moves to and the renewal first charged. */
  priceChange: (MembershipPrice & { takesEffectOn: string }) | null
  /** "Gold Unlimited at Central": how the notices name it. */
  name: string
}

/**
 * A staff change as one transaction: the version the caller read is checked, `work` writes the change and
 * answers the fresh row, the membership is described as it now stands (read once: its prices, gym and
 * what it is charged next), the member is told (`notify`, ADR 034) and the history line written, and
 * the described membership is the answer. The change, the e-mail and the line commit together.
 */
export async function changeMembership<T extends { subscription: SubscriptionRow; pauses?: Pause[] | null }>(
  change: MembershipChange,
  steps: {
    /** Prices the change names besides the membership's own (the price it moves to). */
    priceIds?: number[]
    work: (tx: Db, facts: MembershipFacts) => Promise<T>
    notify: (notice: MembershipNotice, done: T) => Promise<void>
    audit: (done: T) => { action: string; description: string; details?: Record<string, unknown> }
  },
): Promise<MembershipAfterChange> {
  const { subscription, user } = change.access
  assertSubscriptionVersion({ subscription, version: change.version })
  return change.db.transaction(async (tx) => {
    const facts = await findMembershipFacts({ db: tx, subscription, priceIds: steps.priceIds ?? [] })
    const done = await steps.work(tx, facts)
    const after = await describeAfterChange({
      db: tx,
      subscription: done.subscription,
      facts,
      pauses: done.pauses ?? null,
      now: change.now,
    })
    await steps.notify(
      {
        db: tx,
        mailer: change.mailer,
        now: change.now,
        memberId: subscription.userId,
        subscriptionId: subscription.id,
        membership: { name: after.name, nextCharge: after.nextCharge },
      },
      done,
    )
    const line = steps.audit(done)
    await auditMembership(tx, {
      actorId: user.id,
      subscription,
      ...line,
      details: change.selfService ? { ...line.details, self_service: true } : line.details,
    })
    return after
  })
}

/** What a member's notice needs, the membership's name and next charge already worked out. */
export interface MembershipNotice {
  db: Db
  mailer: Mailer
  now: Date
  memberId: number
  subscriptionId: number
  membership: { name: string; nextCharge: NextCharge | null }
}

/** The membership's gym and prices (with their offerings) in one query each. */
async function findMembershipFacts(options: {
  db: Db
  subscription: SubscriptionRow
  priceIds: number[]
}): Promise<MembershipFacts> {
  const { db, subscription } = options
  const ids = [subscription.priceId, ...options.priceIds]
  if (subscription.transitionToPriceId !== null) ids.push(subscription.transitionToPriceId)
  const [rows, [gym]] = await readTogether(db, [
    () =>
      db
        .select({
          id: prices.id,
          amount: prices.amount,
          billingFrequency: prices.billingFrequency,
          termAmount: prices.termAmount,
          termUnit: prices.termUnit,
          offeringId: prices.offeringId,
          offeringName: offerings.name,
        })
        .from(prices)
        .innerJoin(offerings, eq(offerings.id, prices.offeringId))
        .where(inArray(prices.id, [...new Set(ids)])),
    () =>
      subscription.gymId === null
        ? []
        : db.select({ id: gyms.id, name: gyms.name }).from(gyms).where(eq(gyms.id, subscription.gymId)),
  ])
  return { gym: gym ?? null, prices: new Map(rows.map((row) => [row.id, row])) }
}

/** The membership's own price among the facts (the schedule's frequency, the rules' amounts). */
export function currentPrice(facts: MembershipFacts, subscription: SubscriptionRow): MembershipPrice {
  const price = facts.prices.get(subscription.priceId)
  if (!price) throw notFound('Price')
  return price
}

/**
 * What a change to the membership's schedule (pause, resume, undoing a cancellation) writes with: the
 * transaction, the clock, the membership as read once, and its price's billing frequency.
 */
export function scheduleChange(change: MembershipChange, tx: Db, facts: MembershipFacts) {
  const { subscription } = change.access
  return {
    db: tx,
    now: change.now,
    subscription,
    frequency: currentPrice(facts, subscription).billingFrequency,
  }
}

/** The fresh row with its price, booked change and next charge (`findChargeSchedules`, ADR 031). */
async function describeAfterChange(options: {
  db: Db
  subscription: SubscriptionRow
  facts: MembershipFacts
  /** The membership's pauses, when the change has just read them (working out its period). */
  pauses: Pause[] | null
  now: Date
}): Promise<MembershipAfterChange> {
  const { subscription, facts } = options
  const price = currentPrice(facts, subscription)
  const schedule = (
    await findChargeSchedules({
      db: options.db,
      subscriptionIds: [subscription.id],
      now: options.now,
      known: {
        subscriptions: [subscription],
        prices: [...facts.prices.values()],
        ...(options.pauses ? { pauses: new Map([[subscription.id, options.pauses]]) } : {}),
      },
    })
  ).get(subscription.id)
  const movingTo =
    subscription.transitionToPriceId !== null ? facts.prices.get(subscription.transitionToPriceId) : undefined
  return {
    subscription,
    gym: facts.gym,
    price,
    nextCharge: schedule?.nextCharge ?? null,
    priceChange:
      movingTo && schedule?.priceChangeOn ? { ...movingTo, takesEffectOn: schedule.priceChangeOn } : null,
    name: facts.gym ? `${price.offeringName} at ${facts.gym.name}` : 'membership',
  }
}

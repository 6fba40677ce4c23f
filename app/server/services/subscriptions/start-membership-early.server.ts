import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { payments, prices } from '~/db/schema'
import { formatDate } from '~/lib/dates'
import { AppError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { firstPaymentAmount } from '~/server/billing/amounts'
import { calendarDateAt } from '~/server/billing/calendar'
import { findMemberPaymentMethod } from '~/server/billing/member-payment-method.server'
import { proRata } from '~/server/billing/pro-rata'
import { findCardSurcharges, subscriptionPaymentValues } from '~/server/billing/subscription-payment.server'
import { sendStartEarlyNotice } from '../member-notices/membership-notices.server'
import type { Subscription as SubscriptionRow } from './create-subscription.server'
import { changeMembership, type MembershipChange } from './membership-change.server'
import { updateSubscriptionAtVersion } from './subscription-version.server'

type Price = typeof prices.$inferSelect

/**
 * An upcoming membership starting today instead: what it would cost now (the pro-rata part up to the
 * original start, plus the joining fee).
 */
export async function startEarlyData(options: { db: Db; now: Date; subscription: SubscriptionRow }) {
  const price = await findPrice(options.db, assertStartsLater(options.subscription, options.now))
  return quote(options.subscription, price, options.now)
}

/**
 * Staff start an upcoming membership today: the days until its original start are billed pro rata, the
 * member's notice and the history line in the same transaction; answers the membership as it now stands.
 */
export function startMembershipEarly(change: MembershipChange) {
  const { access, now } = change
  const subscription = access.subscription
  return changeMembership(change, {
    work: async (tx) => {
      const price = await findPrice(tx, assertStartsLater(subscription, now))
      return startEarly({ db: tx, now, subscription, price })
    },
    notify: (notice, early) =>
      sendStartEarlyNotice({
        ...notice,
        startDate: early.start_date,
        originalStartDate: early.original_start_date,
        proRataAmount: early.pro_rata_amount,
      }),
    audit: (early) => ({
      action: 'membership.started_early',
      description: `Started early instead of on ${formatDate(early.original_start_date)}, ${formatCents(early.pro_rata_amount)} for the days between`,
    }),
  })
}

/** `startMembershipEarly` without a notice or a history line, in a transaction of its own. */
export async function startSubscriptionEarly(options: { db: Db; now: Date; subscription: SubscriptionRow }) {
  const { now, subscription } = options
  return options.db.transaction(async (tx) => {
    const price = await findPrice(tx, assertStartsLater(subscription, now))
    return startEarly({ db: tx, now, subscription, price })
  })
}

/** Only a membership that starts later, and has not been started early already, can start today. */
function assertStartsLater(subscription: SubscriptionRow, now: Date) {
  if (subscription.startDate <= calendarDateAt(now))
    throw new AppError('CONFLICT', 'The membership has already started.')
  // Started early once already (its pro-rata days are billed): a second start would bill them again.
  if (subscription.upcomingState !== 'upcoming')
    throw new AppError('CONFLICT', 'The membership has already been started early.')
  return subscription.priceId
}

async function findPrice(db: Db, priceId: number): Promise<Price> {
  const [price] = await db.select().from(prices).where(eq(prices.id, priceId))
  if (!price) throw new AppError('NOT_FOUND', 'Price not found.')
  return price
}

function quote(subscription: SubscriptionRow, price: Price, now: Date) {
  const today = calendarDateAt(now)
  const part =
    price.billingFrequency === 'one_off'
      ? null
      : proRata({
          price,
          startDate: today,
          billingDate: subscription.startDate,
          forcePriceAmount: subscription.forcePriceAmount,
        })
  return {
    start_date: today,
    original_start_date: subscription.startDate,
    pro_rata_amount: part?.amount ?? 0,
    explanation: part?.explanation ?? [],
  }
}

async function startEarly(options: { db: Db; now: Date; subscription: SubscriptionRow; price: Price }) {
  const { db, now, subscription, price } = options
  const data = quote(subscription, price, now)
  const updated = await updateSubscriptionAtVersion({
    db,
    subscription,
    // The days until the original start are a period of their own (billed pro rata below); the engine
    // renews into the first full period on the original start day, whose payment is the one made at
    // sign-up.
    values: {
      upcomingState: null,
      currentPeriodStart: data.start_date,
      currentPeriodEnd: data.original_start_date,
    },
    now,
  })
  if (data.pro_rata_amount > 0) {
    const first = firstPaymentAmount({
      price,
      forcePriceAmount: subscription.forcePriceAmount,
      proRata: { amount: data.pro_rata_amount, days: 1 },
    })
    const surcharges = await findCardSurcharges({ db, organisationIds: [subscription.organisationId] })
    await db.insert(payments).values(
      subscriptionPaymentValues({
        subscription,
        amount: first.amount - first.joiningFee,
        method: await findMemberPaymentMethod({ db, userId: subscription.userId }),
        surcharge: surcharges.get(subscription.organisationId) ?? null,
        dueOn: data.start_date,
        period: null,
        isProRata: true,
        meta: { start_early: true, until: data.original_start_date },
        now,
      }),
    )
  }
  return { subscription: updated, ...data }
}

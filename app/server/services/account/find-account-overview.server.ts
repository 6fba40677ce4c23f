import { and, desc, eq } from 'drizzle-orm'
import type { AccountOverview } from '~/contracts/account'
import { termLengthLabel } from '~/contracts/subscription-state'
import type { Db } from '~/db/client.server'
import { gyms, offerings, prices, subscriptions, users } from '~/db/schema'
import { formatLongDate } from '~/lib/dates'
import { AppError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { toNextChargeResource } from '~/server/api/resources/next-charge'
import { periodAmount } from '~/server/billing/amounts'
import { calendarDateAt } from '~/server/billing/calendar'
import { membershipEndsOn } from '~/server/billing/next-charge'
import { findNextCharge } from '~/server/billing/next-charge.server'
import type { DoorProviders } from '~/server/providers/doors/door-provider'
import { findMemberDoorStanding } from '~/server/services/door-access/member-door-access.server'
import { describeMembership } from '~/server/services/members/describe-membership.server'
import { findAccountBalance } from './account-balance.server'

/**
 * `GET /api/me/account` (issue 28): the member's latest membership (a cancelled one too: they still
 * see when it ends and what they owe), in their words; the payments they owe, as the billing engine
 * counts them (`findOwedFailures`, the pay page's and the retries' own list); the doors; the gym.
 */
export async function findAccountOverview(options: {
  db: Db
  organisationId: number
  userId: number
  now: Date
  doors: DoorProviders
}): Promise<AccountOverview> {
  const { db, userId, now } = options
  const [member] = await db
    .select({ name: users.name, email: users.email, homeGymId: users.homeGymId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organisationId, options.organisationId)))
  if (!member) throw new AppError('NOT_FOUND', 'We couldn’t find your account.')
  const [row] = await db
    .select({ subscription: subscriptions, price: prices, offeringName: offerings.name, gym: gyms })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .innerJoin(gyms, eq(gyms.id, subscriptions.gymId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.isStaging, false)))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1)
  const gym = row?.gym ?? (await findHomeGym(db, member.homeGymId))
  const gymContact = {
    name: gym?.name ?? 'Your gym',
    email: gym?.contactEmail ?? null,
    phone: gym?.contactPhone ?? null,
    address: gym?.address ?? null,
  }
  const door = gym
    ? await findMemberDoorStanding({ ...options, providers: options.doors, gymName: gym.name })
    : null
  const doorAnswer = door ?? {
    words: `Show your name at reception at ${gymContact.name}; they’ll let you in and set up your door access.`,
    code: null,
  }
  if (!row) {
    return {
      member: { name: member.name, email: member.email },
      membership: null,
      owing: { total: 0, grace_period_ends_on: null, items: [] },
      door: doorAnswer,
      gym: gymContact,
    }
  }

  const { subscription, price } = row
  const balance = await findAccountBalance(options)
  const nextCharge = await findNextCharge({ db, subscriptionId: subscription.id, now })
  const description = describeMembership(subscription, now)
  const today = calendarDateAt(now)
  const endsOn = membershipEndsOn(subscription)
  const cancelled = subscription.cancelledAt !== null
  const undoUntil =
    subscription.undoCancellationUntil && subscription.undoCancellationUntil > now
      ? subscription.undoCancellationUntil.toISOString()
      : null
  const pause =
    subscription.pauseStartAt && (subscription.pauseEndAt === null || subscription.pauseEndAt >= today)
      ? { starts_on: subscription.pauseStartAt, ends_on: subscription.pauseEndAt }
      : null
  const isTerm = price.termAmount !== null && price.termUnit !== null
  return {
    member: { name: member.name, email: member.email },
    membership: {
      id: subscription.id,
      state: description.state,
      state_words: stateWords({ state: description.state, subscription, today, endsOn, pause }),
      gym_name: row.gym.name,
      offering_name: row.offeringName,
      amount: periodAmount({ price, forcePriceAmount: subscription.forcePriceAmount }),
      billing_frequency: price.billingFrequency,
      start_date: subscription.startDate,
      term: isTerm
        ? {
            length: termLengthLabel({ term_amount: price.termAmount, term_unit: price.termUnit }),
            ends_on: subscription.termEndsAt,
          }
        : null,
      pause,
      cancellation: cancelled
        ? {
            cancelled_on: calendarDateAt(subscription.cancelledAt ?? now),
            access_until: endsOn !== null && endsOn > today ? endsOn : null,
            undo_until: undoUntil,
          }
        : null,
      next_charge: toNextChargeResource(nextCharge),
    },
    owing: {
      total: balance.balanceOwing,
      grace_period_ends_on: balance.gracePeriodEndsAt,
      items: balance.owed.map((owed) => ({
        payment_id: owed.paymentId,
        amount: owed.amount,
        due_on: owed.dueOn,
        why: owed.why,
      })),
    },
    door: doorAnswer,
    gym: gymContact,
  }
}

async function findHomeGym(db: Db, gymId: number | null) {
  if (gymId === null) return undefined
  const [gym] = await db.select().from(gyms).where(eq(gyms.id, gymId))
  return gym
}

/** The membership's state as the member reads it: what it means for them, with its dates. */
function stateWords(options: {
  state: string
  subscription: typeof subscriptions.$inferSelect
  today: string
  endsOn: string | null
  pause: { starts_on: string; ends_on: string | null } | null
}): string {
  const { state, subscription, today, endsOn, pause } = options
  switch (state) {
    case 'cancelled':
      return endsOn !== null && endsOn > today
        ? `Cancelled: you can keep coming until ${formatLongDate(endsOn)}.`
        : `Your membership ended on ${formatLongDate(endsOn ?? today)}.`
    case 'in_grace_period':
      return `A payment didn’t go through. Pay ${formatCents(subscription.balanceOwing)} by ${formatLongDate(subscription.gracePeriodEndsAt)} to keep your membership.`
    case 'paused':
      return subscription.pauseEndAt
        ? `Paused until ${formatLongDate(subscription.pauseEndAt)}: no charges while you’re away.`
        : 'Paused, with no end date: no charges while you’re away.'
    case 'upcoming':
      return subscription.startDate > today
        ? `Starts on ${formatLongDate(subscription.startDate)}.`
        : `Your next period starts on ${formatLongDate(subscription.currentPeriodStart)}.`
    default:
      return pause && pause.starts_on > today
        ? `Active. A pause is booked from ${formatLongDate(pause.starts_on)}${pause.ends_on ? ` to ${formatLongDate(pause.ends_on)}` : ''}.`
        : 'Active: you can come in any time your membership allows.'
  }
}

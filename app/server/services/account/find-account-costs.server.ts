import { and, desc, eq, gte, lt } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { gyms, offerings, payments, prices, subscriptions } from '~/db/schema'
import {
  addDays,
  type CalendarDateString,
  calendarDateAt,
  daysBetween,
  instantAt,
  mondayOf,
} from '~/server/billing/calendar'
import { projectionMonths } from '~/server/billing/charge-projection'
import { type ChargeProjection, findChargeProjection } from '~/server/billing/charge-projection.server'
import { chargedTotal, membershipEndsOn } from '~/server/billing/next-charge'
import { isRecurringFrequency } from '~/server/billing/periods'
import { findWeeklyCostPerVisit } from '../members/find-member-activity.server'

/** The calendar's months ahead, and the weeks of visits looked back on (as the console's chart). */
export const COST_MONTHS = 12
export const COST_WEEKS = 12

export type NoChargesReason = 'no_membership' | 'ended' | 'ending' | 'not_recurring'

/**
 * The member's costs (issue 28 point 2), for their latest membership: the charges of the next twelve
 * months and what happens on the way (`findChargeProjection`, the engine's rules), the total paid this
 * calendar year, and the last weeks' visits and cost per visit (`findWeeklyCostPerVisit`, the same
 * function the console's member page reads, so both pages agree).
 */
export async function findAccountCosts(options: {
  db: Db
  userId: number
  organisationId: number
  now: Date
}) {
  const { db, userId, organisationId, now } = options
  const today = calendarDateAt(now)
  const { months, until } = projectionMonths(today, COST_MONTHS)
  const [latest, paid, weeks] = await readTogether(db, [
    () => findLatestMembership({ db, userId, organisationId }),
    () => findPaidThisYear({ db, userId, organisationId, today }),
    () => findWeeklyCostPerVisit({ db, memberId: userId, now, weeks: COST_WEEKS }),
  ])
  const projection: ChargeProjection = latest
    ? await findChargeProjection({ db, subscription: latest.subscription, now, until })
    : { charges: [], markers: [], stopsFrom: null }
  const cost = weeks.reduce((sum, week) => sum + week.cost, 0)
  const visits = weeks.reduce((sum, week) => sum + week.visits, 0)
  // "So far": every week since the membership began, by the same function (the console's chart asks it
  // for 12 weeks), at most ten years of them.
  const since = latest?.subscription.startDate ?? null
  const weeksSince =
    since && since <= today ? Math.min(520, Math.floor(daysBetween(mondayOf(since), today) / 7) + 1) : 0
  const allWeeks =
    weeksSince > COST_WEEKS
      ? await findWeeklyCostPerVisit({ db, memberId: userId, now, weeks: weeksSince })
      : weeks.slice(weeks.length - weeksSince)
  const soFarCost = allWeeks.reduce((sum, week) => sum + week.cost, 0)
  const soFarVisits = allWeeks.reduce((sum, week) => sum + week.visits, 0)
  return {
    membership: latest && {
      id: latest.subscription.id,
      offeringName: latest.offeringName,
      gymName: latest.gymName,
      billingFrequency: latest.billingFrequency,
      endsOn: membershipEndsOn(latest.subscription),
    },
    months,
    from: today,
    until,
    projection,
    noChargesReason: noChargesReason({ latest, projection, today }),
    paidThisYear: paid,
    weeks,
    costPerVisit: { cost, visits, perVisit: visits > 0 ? Math.round(cost / visits) : null },
    sinceJoining: since
      ? {
          since,
          cost: soFarCost,
          visits: soFarVisits,
          perVisit: soFarVisits > 0 ? Math.round(soFarCost / soFarVisits) : null,
        }
      : null,
  }
}
export type AccountCostsFigures = Awaited<ReturnType<typeof findAccountCosts>>

function noChargesReason(options: {
  latest: LatestMembership | null
  projection: ChargeProjection
  today: CalendarDateString
}): NoChargesReason | null {
  const { latest, projection, today } = options
  if (!latest) return 'no_membership'
  if (projection.charges.length > 0) return null
  const endsOn = membershipEndsOn(latest.subscription)
  if (endsOn !== null && endsOn <= today) return 'ended'
  if (!isRecurringFrequency(latest.billingFrequency)) return 'not_recurring'
  return 'ending'
}

type LatestMembership = NonNullable<Awaited<ReturnType<typeof findLatestMembership>>>

/** The member's latest membership (cancelled ones too: the page says why nothing is ahead). */
async function findLatestMembership(options: { db: Db; userId: number; organisationId: number }) {
  const [row] = await options.db
    .select({
      subscription: subscriptions,
      offeringName: offerings.name,
      gymName: gyms.name,
      billingFrequency: prices.billingFrequency,
    })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .innerJoin(gyms, eq(gyms.id, subscriptions.gymId))
    .where(
      and(
        eq(subscriptions.userId, options.userId),
        ownedBy(subscriptions, options.organisationId),
        eq(subscriptions.isStaging, false),
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1)
  return row ?? null
}

/**
 * What the member paid this calendar year (Auckland): their payments that went through (`sent`) with
 * their day of payment in the year, as charged (`chargedTotal`: surcharge in, credit used out).
 */
async function findPaidThisYear(options: {
  db: Db
  userId: number
  organisationId: number
  today: CalendarDateString
}) {
  const year = Number(options.today.slice(0, 4))
  const rows = await options.db
    .select({
      amount: payments.amount,
      surcharge: payments.surcharge,
      creditUsed: payments.creditUsed,
    })
    .from(payments)
    .where(
      and(
        eq(payments.userId, options.userId),
        ownedBy(payments, options.organisationId),
        eq(payments.status, 'sent'),
        gte(payments.paidAt, instantAt(`${year}-01-01`)),
        lt(payments.paidAt, instantAt(addDays(`${year}-12-31`, 1))),
      ),
    )
  return { year, total: rows.reduce((sum, row) => sum + chargedTotal(row), 0), payments: rows.length }
}

import { and, asc, eq, gte, lt, or, sql } from 'drizzle-orm'
import { paymentStatusKind } from '~/contracts/subscription-state'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { offerings, payments, prices, subscriptions, visits } from '~/db/schema'
import {
  addDays,
  calendarDateAt,
  daysBetween,
  earlierDate,
  instantAt,
  laterDate,
  mondayOf,
} from '~/server/billing/calendar'

/**
 * A member's activity (issue 15, members.activity) over the last `weeks` weeks, Monday to Sunday in
 * Pacific/Auckland, this week included: visits per week, the billing periods with their payments, and
 * what each week cost per visit. The clock is an argument.
 */
export function activityWeeks(now: Date, weeks: number): Array<{ startsOn: string; endsOn: string }> {
  const today = calendarDateAt(now)
  const thisMonday = mondayOf(today)
  return Array.from({ length: weeks }, (_, index) => {
    const startsOn = addDays(thisMonday, -7 * (weeks - 1 - index))
    return { startsOn, endsOn: addDays(startsOn, 6) }
  })
}

export async function findWeeklyVisits(options: { db: Db; memberId: number; now: Date; weeks: number }) {
  const range = activityWeeks(options.now, options.weeks)
  const first = range[0]?.startsOn ?? calendarDateAt(options.now)
  const rows = await options.db
    .select({ visitedAt: visits.visitedAt })
    .from(visits)
    .where(
      and(
        eq(visits.userId, options.memberId),
        eq(visits.successful, true),
        gte(visits.visitedAt, instantAt(first)),
        lt(visits.visitedAt, instantAt(addDays(range.at(-1)?.endsOn ?? first, 1))),
      ),
    )
  const perWeek = new Map<string, number>()
  for (const row of rows) {
    const week = mondayOf(calendarDateAt(row.visitedAt))
    perWeek.set(week, (perWeek.get(week) ?? 0) + 1)
  }
  return range.map((week) => ({ ...week, visits: perWeek.get(week.startsOn) ?? 0 }))
}

/** The member's payments that fall in the range: by their period, else their due day. */
export async function findPeriodsInRange(options: { db: Db; memberId: number; now: Date; weeks: number }) {
  const range = activityWeeks(options.now, options.weeks)
  const first = range[0]?.startsOn ?? calendarDateAt(options.now)
  const last = range.at(-1)?.endsOn ?? first
  const rows = await options.db
    .select({
      periodStartAt: payments.periodStartAt,
      periodEndAt: payments.periodEndAt,
      dueOn: payments.dueOn,
      amount: payments.amount,
      surcharge: payments.surcharge,
      creditUsed: payments.creditUsed,
      status: payments.status,
      offering: offerings.name,
    })
    .from(payments)
    .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .where(
      and(
        eq(payments.userId, options.memberId),
        sql`${payments.status} <> 'cancelled'`,
        or(
          and(
            sql`${payments.periodStartAt} <= ${last}`,
            sql`coalesce(${payments.periodEndAt}, ${payments.periodStartAt}) >= ${first}`,
          ),
          and(
            sql`${payments.periodStartAt} is null`,
            gte(payments.dueOn, first),
            sql`${payments.dueOn} <= ${last}`,
          ),
        ),
      ),
    )
    .orderBy(asc(sql`coalesce(${payments.periodStartAt}, ${payments.dueOn})`))
  return rows.map((row) => ({
    startsOn: row.periodStartAt ?? row.dueOn,
    endsOn: row.periodEndAt,
    offering: row.offering,
    /** What was charged: amount and surcharge, less credit used. */
    amount: row.amount + row.surcharge - row.creditUsed,
    statusKind: paymentStatusKind(row.status),
  }))
}

/** Each week's cost (paid periods spread over their days) and visits, and their ratio in cents. */
export function costPerVisit(
  weeks: Array<{ startsOn: string; endsOn: string; visits: number }>,
  periods: Awaited<ReturnType<typeof findPeriodsInRange>>,
) {
  return weeks.map((week) => {
    let cost = 0
    for (const period of periods) {
      if (period.statusKind !== 'success') continue
      const end = period.endsOn ?? addDays(period.startsOn, 1)
      const days = Math.max(1, daysBetween(period.startsOn, end))
      const from = laterDate(period.startsOn, week.startsOn)
      const to = earlierDate(end, addDays(week.endsOn, 1))
      const overlap = daysBetween(from, to)
      if (overlap > 0) cost += (period.amount * overlap) / days
    }
    const rounded = Math.round(cost)
    return {
      ...week,
      cost: rounded,
      costPerVisit: week.visits > 0 ? Math.round(rounded / week.visits) : null,
    }
  })
}

/** A member's weekly visits and what those weeks cost them (`costPerVisit`), for their page's chart. */
export async function findWeeklyCostPerVisit(options: {
  db: Db
  memberId: number
  now: Date
  weeks: number
}) {
  const [weeks, periods] = await readTogether(options.db, [
    () => findWeeklyVisits(options),
    () => findPeriodsInRange(options),
  ])
  return costPerVisit(weeks, periods)
}

import { and, eq, gte, lt, sql } from 'drizzle-orm'
import type { GymScope } from '~/access/scope.server'
import { ownedBy } from '~/access/scope.server'
import type { Collection } from '~/contracts/dashboard'
import type { Db } from '~/db/client.server'
import { payments } from '~/db/schema'
import {
  addDays,
  addMonths,
  calendarDateAt,
  earlierDate,
  instantAt,
  mondayOf,
} from '~/server/billing/calendar'
import { charged, paymentGymCondition } from '../payments/find-expected-payments.server'
import { type DashboardRead, seesNoGym } from './dashboard-read.server'

/**
 * Collected money (`sent` payments by the Auckland day they were paid, charged amount as the
 * expected-payments view counts it) this week and month so far against the same days of the previous
 * week and month. Weeks start on Monday; "this week" and "this month" run to today.
 */
export async function findCollections(options: DashboardRead) {
  const { db, organisationId, scope, now } = options
  const today = calendarDateAt(now)
  const monday = mondayOf(today)
  const firstOfMonth = `${today.slice(0, 8)}01`
  const periods = {
    this_week: { starts_on: monday, ends_on: addDays(today, 1) },
    // Like with like: the same days of the previous week and month, not the whole of them.
    previous_week: { starts_on: addDays(monday, -7), ends_on: addDays(today, -6) },
    this_month: { starts_on: firstOfMonth, ends_on: addDays(today, 1) },
    // To the same day of last month, or its last day when it is shorter (30 March: 1–28 February).
    previous_month: { starts_on: addMonths(firstOfMonth, -1), ends_on: addDays(addMonths(today, -1), 1) },
  }
  const earliest = earlierDate(periods.previous_month.starts_on, periods.previous_week.starts_on)

  const empty = () => ({ amount: 0, count: 0 })
  const sums = { this_week: empty(), previous_week: empty(), this_month: empty(), previous_month: empty() }
  if (!seesNoGym(scope)) {
    const zone = sql.raw(`'Pacific/Auckland'`)
    const paidDay = sql<string>`((${payments.paidAt} at time zone ${zone})::date)::text`
    const rows = await db
      .select({ day: paidDay, ...collectedSums })
      .from(payments)
      .where(
        collectedBetween({ organisationId, scope, startsOn: earliest, endsOn: periods.this_week.ends_on }),
      )
      .groupBy(paidDay)
    for (const row of rows) {
      for (const key of Object.keys(periods) as Array<keyof typeof periods>) {
        const period = periods[key]
        if (row.day >= period.starts_on && row.day < period.ends_on) {
          sums[key].amount += row.amount
          sums[key].count += row.count
        }
      }
    }
  }
  const collection = (key: keyof typeof periods): Collection => ({ ...periods[key], ...sums[key] })
  return {
    this_week: collection('this_week'),
    previous_week: collection('previous_week'),
    this_month: collection('this_month'),
    previous_month: collection('previous_month'),
  }
}

/** What was collected: the money and how many payments. */
const collectedSums = {
  amount: sql<number>`coalesce(sum(${charged}), 0)::bigint`.mapWith(Number),
  count: sql<number>`count(*)::int`.mapWith(Number),
}

/** Payments in the scope collected (sent) from the start of `startsOn` up to, not including, `endsOn`. */
function collectedBetween(options: {
  organisationId: number
  scope: GymScope
  startsOn: string
  endsOn: string
}) {
  return and(
    ownedBy(payments, options.organisationId),
    eq(payments.status, 'sent'),
    gte(payments.paidAt, instantAt(options.startsOn)),
    lt(payments.paidAt, instantAt(options.endsOn)),
    paymentGymCondition(options.scope),
  )
}

/** Collected (sent, by the Auckland day paid) from `startsOn` up to, not including, `endsOn`. */
export async function sumCollected(options: {
  db: Db
  organisationId: number
  scope: GymScope
  startsOn: string
  endsOn: string
}): Promise<{ amount: number; count: number }> {
  const { db, scope } = options
  if (seesNoGym(scope)) return { amount: 0, count: 0 }
  const [row] = await db.select(collectedSums).from(payments).where(collectedBetween(options))
  return row ?? { amount: 0, count: 0 }
}

import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { GymScope } from '~/access/scope.server'
import { ownedBy } from '~/access/scope.server'
import { type CollectionSums, type ExpectedPaymentsWeek, WEEKS_AHEAD } from '~/contracts/billing-debugging'
import type { Db } from '~/db/client.server'
import { payments } from '~/db/schema'
import {
  addDays,
  BILLING_TIME_ZONE,
  type CalendarDateString,
  calendarDateAt,
  daysBetween,
  instantAt,
  mondayOf,
} from '~/server/billing/calendar'
import { notFailedPaymentStatuses } from '~/server/billing/payment-statuses'

/**
 * Expected against collected payments week by week (issue 4's debug view; the dashboard's expected
 * collections read the same numbers, so the two screens agree).
 */

/** What a payment charges: the amount, the card surcharge, less credit used (as the engine charges). */
export const charged = sql`${payments.amount} + ${payments.surcharge} - ${payments.creditUsed}`
const pendingStatuses = ['upcoming', 'pending_request']

const centsWhere = (condition: SQL) =>
  sql<number>`coalesce(sum(${charged}) filter (where ${condition}), 0)::bigint`.mapWith(Number)
const countWhere = (condition: SQL) =>
  sql<number>`(count(*) filter (where ${condition}))::int`.mapWith(Number)

export function paymentGymCondition(scope: GymScope) {
  return scope.wholeOrganisation ? undefined : inArray(payments.gymId, scope.gymIds)
}

const sumKeys = [
  'expected',
  'expected_count',
  'collected',
  'collected_count',
  'failed',
  'failed_count',
  'pending',
  'pending_count',
  'difference',
] as const satisfies ReadonlyArray<keyof CollectionSums>

const emptySums = (): CollectionSums => ({
  expected: 0,
  expected_count: 0,
  collected: 0,
  collected_count: 0,
  failed: 0,
  failed_count: 0,
  pending: 0,
  pending_count: 0,
  difference: 0,
})

/**
 * Two grouped queries on `payments`, both starting from the organisation's index: one by due day (for
 * expected, failed, pending), one by the Auckland day of `paid_at` (for collected). Days go into weeks
 * here, so the database needs no week arithmetic of its own.
 */
export async function findExpectedPayments(options: {
  db: Db
  organisationId: number
  scope: GymScope
  now: Date
  weeksBack: number
}) {
  const { db, organisationId, scope, now, weeksBack } = options
  const today = calendarDateAt(now)
  const currentMonday = mondayOf(today)
  const firstMonday = addDays(currentMonday, -7 * (weeksBack - 1))
  const endExclusive = addDays(currentMonday, 7 * (WEEKS_AHEAD + 1))

  const weeks: ExpectedPaymentsWeek[] = []
  for (let monday = firstMonday; monday < endExclusive; monday = addDays(monday, 7)) {
    weeks.push({
      starts_on: monday,
      ends_on: addDays(monday, 6),
      timing: monday < currentMonday ? 'past' : monday === currentMonday ? 'current' : 'future',
      ...emptySums(),
    })
  }
  const weekOf = (day: CalendarDateString) => weeks[Math.floor(daysBetween(firstMonday, day) / 7)]

  if (scope.gymIds.length > 0 || scope.wholeOrganisation) {
    const notCancelled = sql`${payments.status} <> 'cancelled'`
    const failed = sql`${payments.status} not in ${notFailedPaymentStatuses}`
    const pending = sql`${payments.status} in ${pendingStatuses}`
    const due = await db
      .select({
        day: payments.dueOn,
        expected: centsWhere(notCancelled),
        expectedCount: countWhere(notCancelled),
        failed: centsWhere(failed),
        failedCount: countWhere(failed),
        pending: centsWhere(pending),
        pendingCount: countWhere(pending),
      })
      .from(payments)
      .where(
        and(
          ownedBy(payments, organisationId),
          gte(payments.dueOn, firstMonday),
          lt(payments.dueOn, endExclusive),
          paymentGymCondition(scope),
        ),
      )
      .groupBy(payments.dueOn)

    // The zone is a literal, not a parameter: GROUP BY must repeat the select's expression exactly.
    const paidDay = sql<string>`((${payments.paidAt} at time zone ${sql.raw(`'${BILLING_TIME_ZONE}'`)})::date)::text`
    const collected = await db
      .select({
        day: paidDay,
        collected: sql<number>`coalesce(sum(${charged}), 0)::bigint`.mapWith(Number),
        collectedCount: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(payments)
      .where(
        and(
          ownedBy(payments, organisationId),
          eq(payments.status, 'sent'),
          gte(payments.paidAt, instantAt(firstMonday)),
          lt(payments.paidAt, instantAt(endExclusive)),
          paymentGymCondition(scope),
        ),
      )
      .groupBy(paidDay)

    for (const row of due) {
      const week = weekOf(row.day)
      if (!week) continue
      week.expected += row.expected
      week.expected_count += row.expectedCount
      week.failed += row.failed
      week.failed_count += row.failedCount
      week.pending += row.pending
      week.pending_count += row.pendingCount
    }
    for (const row of collected) {
      const week = weekOf(row.day)
      if (!week) continue
      week.collected += row.collected
      week.collected_count += row.collectedCount
    }
  }

  const totals = emptySums()
  for (const week of weeks) {
    week.difference = week.collected - week.expected
    for (const key of sumKeys) totals[key] += week[key]
  }
  return { today, weeks_ahead: WEEKS_AHEAD, weeks, totals }
}

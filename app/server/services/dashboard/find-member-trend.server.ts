import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import { type ActiveUsers, TREND_WEEKS } from '~/contracts/dashboard'
import { readTogether } from '~/db/read-together.server'
import { subscriptions, users, visits } from '~/db/schema'
import { addDays, calendarDateAt, instantAt, mondayOf } from '~/server/billing/calendar'
import { type DashboardRead, seesNoGym } from './dashboard-read.server'

const zone = sql.raw(`'Pacific/Auckland'`)

/**
 * Week by week for the last TREND_WEEKS weeks (this one included): members who came in (distinct
 * members with a successful visit), memberships started and memberships cancelled. A visit counts at
 * its gym, a membership at its gym.
 */
export async function findMemberTrend(options: DashboardRead): Promise<ActiveUsers['weeks']> {
  const { db, organisationId, scope, now } = options
  const today = calendarDateAt(now)
  const currentMonday = mondayOf(today)
  const firstMonday = addDays(currentMonday, -7 * (TREND_WEEKS - 1))
  const end = addDays(currentMonday, 7)
  const weeks: ActiveUsers['weeks'] = []
  for (let monday = firstMonday; monday < end; monday = addDays(monday, 7)) {
    weeks.push({ starts_on: monday, ends_on: addDays(monday, 6), visitors: 0, joined: 0, cancelled: 0 })
  }
  if (seesNoGym(scope)) return weeks
  const byMonday = new Map(weeks.map((week) => [week.starts_on, week]))

  const visitWeek = sql<string>`(date_trunc('week', ${visits.visitedAt} at time zone ${zone})::date)::text`
  const subscriptionGyms = scope.wholeOrganisation ? undefined : inArray(subscriptions.gymId, scope.gymIds)
  const startWeek = sql<string>`(date_trunc('week', ${subscriptions.startDate})::date)::text`
  const cancelWeek = sql<string>`(date_trunc('week', ${subscriptions.cancelledAt} at time zone ${zone})::date)::text`

  const [visitors, joined, cancelled] = await readTogether(db, [
    () =>
      db
        .select({
          week: visitWeek,
          count: sql<number>`count(distinct ${visits.userId})::int`.mapWith(Number),
        })
        .from(visits)
        .where(
          and(
            ownedBy(visits, organisationId),
            scope.wholeOrganisation ? undefined : inArray(visits.gymId, scope.gymIds),
            gte(visits.visitedAt, instantAt(firstMonday)),
            lt(visits.visitedAt, instantAt(end)),
            eq(visits.successful, true),
          ),
        )
        .groupBy(visitWeek),
    () =>
      db
        .select({ week: startWeek, count: sql<number>`count(*)::int`.mapWith(Number) })
        .from(subscriptions)
        .innerJoin(users, eq(users.id, subscriptions.userId))
        .where(
          and(
            ownedBy(subscriptions, organisationId),
            eq(subscriptions.isStaging, false),
            isNull(users.deletedAt),
            subscriptionGyms,
            gte(subscriptions.startDate, firstMonday),
            lt(subscriptions.startDate, end),
          ),
        )
        .groupBy(startWeek),
    () =>
      db
        .select({ week: cancelWeek, count: sql<number>`count(*)::int`.mapWith(Number) })
        .from(subscriptions)
        .where(
          and(
            ownedBy(subscriptions, organisationId),
            eq(subscriptions.isStaging, false),
            subscriptionGyms,
            gte(subscriptions.cancelledAt, instantAt(firstMonday)),
            lt(subscriptions.cancelledAt, instantAt(end)),
          ),
        )
        .groupBy(cancelWeek),
  ])
  for (const row of visitors) {
    const week = byMonday.get(row.week)
    if (week) week.visitors = row.count
  }
  for (const row of joined) {
    const week = byMonday.get(row.week)
    if (week) week.joined = row.count
  }
  for (const row of cancelled) {
    const week = byMonday.get(row.week)
    if (week) week.cancelled = row.count
  }
  return weeks
}

import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import { type CostAndVisitBreakdown, VISIT_PATTERN_DAYS } from '~/contracts/dashboard'
import { visits } from '~/db/schema'
import { addDays, calendarDateAt, instantAt } from '~/server/billing/calendar'
import { type DashboardRead, seesNoGym } from './dashboard-read.server'

const zone = sql.raw(`'Pacific/Auckland'`)

/** Successful visits of the last VISIT_PATTERN_DAYS days (today included) by weekday and by hour. */
export async function findVisitPattern(options: DashboardRead): Promise<CostAndVisitBreakdown['visits']> {
  const { db, organisationId, scope, now } = options
  const today = calendarDateAt(now)
  const startsOn = addDays(today, 1 - VISIT_PATTERN_DAYS)
  const pattern = {
    starts_on: startsOn,
    ends_on: today,
    total: 0,
    by_day: Array.from({ length: 7 }, () => 0),
    by_hour: Array.from({ length: 24 }, () => 0),
  }
  if (seesNoGym(scope)) return pattern
  const local = sql`(${visits.visitedAt} at time zone ${zone})`
  const day = sql<number>`extract(isodow from ${local})::int`.mapWith(Number)
  const hour = sql<number>`extract(hour from ${local})::int`.mapWith(Number)
  const rows = await db
    .select({ day, hour, count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(visits)
    .where(
      and(
        ownedBy(visits, organisationId),
        scope.wholeOrganisation ? undefined : inArray(visits.gymId, scope.gymIds),
        gte(visits.visitedAt, instantAt(startsOn)),
        lt(visits.visitedAt, instantAt(addDays(today, 1))),
        eq(visits.successful, true),
      ),
    )
    .groupBy(day, hour)
  for (const row of rows) {
    pattern.total += row.count
    pattern.by_day[row.day - 1] = (pattern.by_day[row.day - 1] ?? 0) + row.count
    pattern.by_hour[row.hour] = (pattern.by_hour[row.hour] ?? 0) + row.count
  }
  return pattern
}

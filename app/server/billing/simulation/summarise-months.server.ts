import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { addMonths, type CalendarDateString } from '~/server/billing/calendar'
import { emptyMonth, type SimulationMonth } from './types'

const monthLabel = new Intl.DateTimeFormat('en-NZ', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** `YYYY-MM` of every month from the one containing `from` to the one containing `until`. */
function monthsBetween(from: CalendarDateString, until: CalendarDateString): string[] {
  const months: string[] = []
  for (let day = `${from.slice(0, 7)}-01`; day.slice(0, 7) <= until.slice(0, 7); day = addMonths(day, 1)) {
    months.push(day.slice(0, 7))
  }
  return months
}

/**
 * The month-by-month table of a run, read from what the engine and the services recorded (months in
 * Pacific/Auckland): charges that succeeded and their revenue by the day the money arrived, failed
 * attempts, periods paid after a failure, pauses by their first day, cancellations by the day made.
 */
export async function summariseMonths(options: {
  db: Db
  organisationIds: readonly number[]
  from: CalendarDateString
  until: CalendarDateString
}): Promise<SimulationMonth[]> {
  const { db, organisationIds } = options
  const organisations = sql`(${sql.join(
    organisationIds.map((id) => sql`${id}`),
    sql`, `,
  )})`
  const local = (column: string) => sql.raw(`to_char(${column} at time zone 'Pacific/Auckland', 'YYYY-MM')`)
  const result = await db.execute<{ month: string; metric: keyof SimulationMonth; value: number }>(sql`
    select ${local('p.paid_at')} as month, 'charged' as metric, count(*)::int as value
      from payments p where p.status = 'sent' and p.organisation_id in ${organisations} group by 1
    union all
    select ${local('p.paid_at')}, 'revenue', sum(p.amount + p.surcharge - p.credit_used)::int
      from payments p where p.status = 'sent' and p.organisation_id in ${organisations} group by 1
    union all
    select ${local('a.finished_at')}, 'failed', count(*)::int
      from payment_attempts a where a.status = 'failed' and a.organisation_id in ${organisations} group by 1
    union all
    select ${local('p.paid_at')}, 'recovered', count(*)::int
      from payments p where p.status = 'sent' and p.organisation_id in ${organisations} and exists (
        select 1 from payments f where f.subscription_id = p.subscription_id
          and f.period_start_at = p.period_start_at and f.status = 'failed')
      group by 1
    union all
    select to_char(sp.start_date, 'YYYY-MM'), 'paused', count(*)::int
      from subscription_pauses sp where sp.cancelled_at is null and sp.organisation_id in ${organisations}
      group by 1
    union all
    select ${local('s.cancelled_at')}, 'cancelled', count(*)::int
      from subscriptions s where s.cancelled_at is not null and s.organisation_id in ${organisations} group by 1
  `)
  const months = new Map<string, SimulationMonth>(
    monthsBetween(options.from, options.until).map((month) => [
      month,
      emptyMonth(month, monthLabel.format(new Date(`${month}-01T00:00:00Z`))),
    ]),
  )
  for (const row of result.rows) {
    const month = months.get(row.month)
    if (month && row.metric !== 'month' && row.metric !== 'label') month[row.metric] = Number(row.value)
  }
  return [...months.values()]
}

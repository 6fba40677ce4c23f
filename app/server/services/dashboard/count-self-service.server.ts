import { and, count, eq, gte, inArray, sql } from 'drizzle-orm'
import { type GymScope, inGymScope, ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { auditLog, subscriptions } from '~/db/schema'
import { calendarDateAt, instantAt } from '~/server/billing/calendar'

/**
 * Pauses and cancellations members made themselves in their account this month (issue 28), from the
 * 1st (Auckland) to now, for the gyms shown: the history lines marked `self_service`, by the
 * membership's gym.
 */
export async function countSelfServiceChanges(options: {
  db: Db
  organisationId: number
  scope: GymScope
  now: Date
}) {
  const { db, organisationId, scope, now } = options
  const since = `${calendarDateAt(now).slice(0, 7)}-01`
  const rows = await db
    .select({ action: auditLog.action, total: count() })
    .from(auditLog)
    .innerJoin(subscriptions, eq(subscriptions.id, sql`(${auditLog.changes}->>'subscription_id')::int`))
    .where(
      and(
        ownedBy(auditLog, organisationId),
        inArray(auditLog.action, ['membership.paused', 'membership.cancelled']),
        sql`${auditLog.changes}->>'self_service' = 'true'`,
        gte(auditLog.createdAt, instantAt(since)),
        inGymScope(subscriptions.gymId, scope),
      ),
    )
    .groupBy(auditLog.action)
  const of = (action: string) => rows.find((row) => row.action === action)?.total ?? 0
  return { since, pauses: of('membership.paused'), cancellations: of('membership.cancelled') }
}

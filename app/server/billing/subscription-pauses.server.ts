import { and, inArray, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { subscriptionPauses } from '~/db/schema'
import { addDays } from './calendar'
import type { Pause } from './periods'

/**
 * The pauses of each subscription that were not cancelled, as the period maths takes them (`end` = the
 * day membership resumes), in one query.
 */
export async function findSubscriptionPauses(options: {
  db: Db
  subscriptionIds: readonly number[]
}): Promise<Map<number, Pause[]>> {
  const rows = await options.db
    .select({
      subscriptionId: subscriptionPauses.subscriptionId,
      start: subscriptionPauses.startDate,
      end: subscriptionPauses.endDate,
    })
    .from(subscriptionPauses)
    .where(
      and(
        inArray(subscriptionPauses.subscriptionId, [...options.subscriptionIds]),
        isNull(subscriptionPauses.cancelledAt),
      ),
    )
  const byId = new Map<number, Pause[]>()
  for (const row of rows) {
    // Stored with the last paused day (as people say it); the maths counts to the resume day.
    const pause = { start: row.start, end: addDays(row.end, 1) }
    byId.set(row.subscriptionId, [...(byId.get(row.subscriptionId) ?? []), pause])
  }
  return byId
}

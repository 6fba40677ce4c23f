import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { priceChangeHistory, type prices, subscriptions } from '~/db/schema'
import { AppError } from '~/lib/errors'
import type { CalendarDateString } from '~/server/billing/calendar'
import { priceChangeHistoryValues, priceChangeTransition } from './price-change-rules.server'
import { refreshSchedules } from './refresh-schedule.server'
import { changedMeanwhileMessage } from './subscription-version.server'

type SubscriptionRow = typeof subscriptions.$inferSelect
type Price = typeof prices.$inferSelect

/** One membership's planned change: the day kept on it (`priceChangeTiming`), the day the new price is first charged (`priceChangeFirstChargedOn`), from which price. */
export interface PlannedPriceChange {
  subscription: SubscriptionRow
  from: Price | undefined
  onDate: CalendarDateString | null
  takesEffectOn: CalendarDateString
}

/**
 * Writes planned price changes to `to`, set-based, in the caller's transaction: one statement moves
 * every membership to its transition at the version it was read at (SPEC §3 `version`; any that moved
 * meanwhile is a 409 and, the caller's transaction rolling back, nothing is kept), one inserts their
 * history lines, and the schedules are refreshed together. Answers the memberships as they now stand. One membership from its page and 2,000 from
 * the bulk change take the same path; then, as after any change of dates, `refreshSchedules`.
 */
export async function writePriceChanges(options: {
  db: Db
  now: Date
  to: Price
  changes: PlannedPriceChange[]
  scheduledByUserId: number
}): Promise<SubscriptionRow[]> {
  const { db, now, to, changes } = options
  if (changes.length === 0) return []
  const rows = changes.map(({ subscription, onDate }) => {
    const values = priceChangeTransition({ to, onDate })
    return sql`(${subscription.id}::integer, ${subscription.version}::integer, ${values.transitionTakesEffectAt}::text, ${values.transitionToDate}::date)`
  })
  const updated = await db.execute<{ id: number }>(sql`
    update ${subscriptions}
    set transition_to_price_id = ${to.id}, transition_takes_effect_at = changes.takes_effect_at,
      transition_to_date = changes.to_date, version = ${subscriptions.version} + 1, updated_at = ${now}
    from (values ${sql.join(rows, sql`, `)}) as changes (id, version, takes_effect_at, to_date)
    where ${subscriptions.id} = changes.id and ${subscriptions.version} = changes.version
    returning ${subscriptions.id}`)
  if (updated.rows.length !== changes.length) throw new AppError('CONFLICT', changedMeanwhileMessage)
  await db.insert(priceChangeHistory).values(
    changes.map((change) =>
      priceChangeHistoryValues({
        subscription: change.subscription,
        from: change.from,
        to,
        takesEffectOn: change.takesEffectOn,
        scheduledByUserId: options.scheduledByUserId,
        now,
      }),
    ),
  )
  // Each membership as it now stands: moved to its transition at the next version.
  const moved = changes.map(({ subscription, onDate }) => ({
    ...subscription,
    ...priceChangeTransition({ to, onDate }),
    version: subscription.version + 1,
    updatedAt: now,
  }))
  const { periods } = await refreshSchedules({
    db,
    subscriptionIds: changes.map((change) => change.subscription.id),
    now,
  })
  return moved.map((subscription) => {
    const period = periods.get(subscription.id)
    return period
      ? { ...subscription, currentPeriodStart: period.start, currentPeriodEnd: period.end }
      : subscription
  })
}

import { and, desc, eq, gte, isNull } from 'drizzle-orm'
import type { BillingFrequency } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { subscriptionPauses } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { addDays, calendarDateAt } from '~/server/billing/calendar'
import type { Pause } from '~/server/billing/periods'
import type { Subscription } from './create-subscription.server'
import type { SubscriptionRow } from './manage-subscription.server'
import { refreshSchedule, refreshScheduleOf } from './refresh-schedule.server'
import { updateSubscriptionAtVersion } from './subscription-version.server'

export const notPausedMessage = 'This membership has no pause to end.'

/**
 * Ends a pause today (the member came back early) or withdraws one that hasn't started (or starts
 * today, so no paused day is left): the last paused day becomes yesterday, billing dates are worked out again (fewer paused days move them less), and the
 * doors open again (ADR 029: the pause's row change queues the member). Run in the caller's transaction.
 */
export async function resumeSubscription(options: {
  db: Db
  now: Date
  subscription: SubscriptionRow
  /** The price's frequency, when the caller has it: the membership is then answered as it now stands. */
  frequency?: BillingFrequency
}): Promise<{
  subscription: Subscription
  /** The pauses the period was worked out from, when the caller gave the frequency (else null). */
  pauses: Pause[] | null
  withdrawn: boolean
  /** The pause had begun (today or earlier): it ended early rather than being withdrawn ahead of time. */
  wasRunning: boolean
  pause: { startDate: string; endDate: string }
}> {
  const { db, now, subscription } = options
  const today = calendarDateAt(now)
  const [pause] = await db
    .select()
    .from(subscriptionPauses)
    .where(
      and(
        eq(subscriptionPauses.subscriptionId, subscription.id),
        isNull(subscriptionPauses.cancelledAt),
        gte(subscriptionPauses.endDate, today),
      ),
    )
    .orderBy(desc(subscriptionPauses.startDate))
    .limit(1)
  if (!pause) throw new AppError('CONFLICT', notPausedMessage)
  const yesterday = addDays(today, -1)
  const withdrawn = pause.startDate >= today
  await db
    .update(subscriptionPauses)
    .set(withdrawn ? { cancelledAt: now, updatedAt: now } : { endDate: yesterday, updatedAt: now })
    .where(eq(subscriptionPauses.id, pause.id))
  const updated = await updateSubscriptionAtVersion({
    db,
    subscription,
    values: withdrawn ? { pauseStartAt: null, pauseEndAt: null, pausedAt: null } : { pauseEndAt: yesterday },
    now,
  })
  let refreshed: { subscription: Subscription; pauses: Pause[] | null } = {
    subscription: updated,
    pauses: null,
  }
  if (options.frequency) {
    refreshed = await refreshScheduleOf({ db, subscription: updated, frequency: options.frequency, now })
  } else {
    await refreshSchedule({ db, subscriptionId: subscription.id, now })
  }
  return {
    ...refreshed,
    withdrawn,
    wasRunning: pause.startDate <= today,
    pause: { startDate: pause.startDate, endDate: pause.endDate },
  }
}

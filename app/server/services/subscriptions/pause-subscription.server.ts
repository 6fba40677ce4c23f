import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { subscriptionPauses, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { z } from '~/lib/validation'
import { calendarDateAt, daysBetween } from '~/server/billing/calendar'
import { calendarDateSchema, idSchema, notFound, parseInput, validationError } from '../service-input.server'
import type { Subscription } from './create-subscription.server'
import { findOrganisationSubscription } from './find-organisation-subscription.server'
import { refreshSchedule } from './refresh-schedule.server'
import { updateSubscriptionAtVersion } from './subscription-version.server'

/** Longest single pause; a longer break is a cancellation. */
export const MAX_PAUSE_DAYS = 180

const inputSchema = z.object({
  organisationId: idSchema,
  subscriptionId: idSchema,
  /** First paused day. */
  startDate: calendarDateSchema,
  /** Last paused day (inclusive, as members and staff say it: "paused 1 to 14 March"). */
  endDate: calendarDateSchema,
  createdByUserId: idSchema.nullish(),
})

export type PauseSubscriptionInput = z.input<typeof inputSchema>

/**
 * Schedules a pause. The subscription reads as "paused" once `pause_start_at` is past and as "paused in
 * future" before that (SPEC §4); the billing engine skips the paused days and clears the pause after it.
 */
export async function pauseSubscription(
  options: PauseSubscriptionInput & { db: Db; now: Date },
): Promise<Subscription> {
  const { db, now, ...rest } = options
  const input = parseInput(inputSchema, rest)
  const today = calendarDateAt(now)
  const subscription = await findOrganisationSubscription({ db, ...input })

  if (subscription.cancelledAt) throw new AppError('CONFLICT', 'A cancelled membership cannot be paused.')
  if (subscription.pauseEndAt && subscription.pauseEndAt >= today) {
    throw new AppError('CONFLICT', 'The membership already has a pause.')
  }
  if (input.startDate < today) throw validationError('startDate', 'A pause cannot start in the past.')
  if (input.endDate < input.startDate)
    throw validationError('endDate', 'The pause must end on or after its start.')
  if (daysBetween(input.startDate, input.endDate) + 1 > MAX_PAUSE_DAYS) {
    throw validationError('endDate', `A pause can last at most ${MAX_PAUSE_DAYS} days.`)
  }
  if (input.createdByUserId != null) {
    const [creator] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.createdByUserId), ownedBy(users, input.organisationId)))
    if (!creator) throw notFound('User')
  }

  const paused = await db.transaction(async (tx) => {
    await tx.insert(subscriptionPauses).values({
      organisationId: input.organisationId,
      subscriptionId: subscription.id,
      startDate: input.startDate,
      endDate: input.endDate,
      createdByUserId: input.createdByUserId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    return updateSubscriptionAtVersion({
      db: tx,
      subscription,
      values: { pausedAt: now, pauseStartAt: input.startDate, pauseEndAt: input.endDate },
      now,
    })
  })
  // The payment created ahead for a date the pause now covers is withdrawn, and the period worked out
  // again, so nothing is charged on a paused day.
  await refreshSchedule({ db, subscriptionId: paused.id, now })
  return paused
}

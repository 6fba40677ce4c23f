import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { BillingFrequency } from '~/contracts/enums'
import { MAX_PAUSE_DAYS } from '~/contracts/membership-action-words'
import type { Db } from '~/db/client.server'
import { prices, subscriptionPauses, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { z } from '~/lib/validation'
import { type CalendarDateString, calendarDateAt, daysBetween } from '~/server/billing/calendar'
import { calendarDateSchema, idSchema, notFound, parseInput, validationError } from '../service-input.server'
import type { Subscription } from './create-subscription.server'
import { findOrganisationSubscription } from './find-organisation-subscription.server'
import { refreshScheduleOf } from './refresh-schedule.server'
import { updateSubscriptionAtVersion } from './subscription-version.server'

export { MAX_PAUSE_DAYS }

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
  const subscription = await findOrganisationSubscription({ db, ...input })
  assertPause({ subscription, startDate: input.startDate, endDate: input.endDate, now })
  if (input.createdByUserId != null) {
    const [creator] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.createdByUserId), ownedBy(users, input.organisationId)))
    if (!creator) throw notFound('User')
  }
  return db.transaction(async (tx) => {
    const [price] = await tx
      .select({ frequency: prices.billingFrequency })
      .from(prices)
      .where(eq(prices.id, subscription.priceId))
    if (!price) throw notFound('Price')
    const paused = await writePause({ db: tx, subscription, frequency: price.frequency, now, ...input })
    return paused.subscription
  })
}

/** SPEC §4's rules for a pause of this membership from `startDate` to `endDate` (inclusive). */
export function assertPause(options: {
  subscription: Subscription
  startDate: CalendarDateString
  endDate: CalendarDateString
  now: Date
}) {
  const { subscription, startDate, endDate } = options
  const today = calendarDateAt(options.now)
  if (subscription.cancelledAt) throw new AppError('CONFLICT', 'A cancelled membership cannot be paused.')
  if (subscription.pauseEndAt && subscription.pauseEndAt >= today) {
    throw new AppError('CONFLICT', 'The membership already has a pause.')
  }
  if (startDate < today) throw validationError('startDate', 'A pause cannot start in the past.')
  if (endDate < startDate) throw validationError('endDate', 'The pause must end on or after its start.')
  if (daysBetween(startDate, endDate) + 1 > MAX_PAUSE_DAYS) {
    throw validationError('endDate', `A pause can last at most ${MAX_PAUSE_DAYS} days.`)
  }
}

/**
 * Writes a pause the rules allow (`assertPause`) in the caller's transaction, on the membership as read
 * (its version): the pause row, the membership's pause dates, and its schedule worked out again — the
 * payment created ahead for a date the pause now covers is withdrawn, so nothing is charged on a paused
 * day. Answers the membership as it now stands, and the pauses its period was worked out from.
 */
export async function writePause(options: {
  db: Db
  now: Date
  subscription: Subscription
  frequency: BillingFrequency
  startDate: CalendarDateString
  endDate: CalendarDateString
  createdByUserId?: number | null | undefined
}) {
  const { db, now, subscription } = options
  await db.insert(subscriptionPauses).values({
    organisationId: subscription.organisationId,
    subscriptionId: subscription.id,
    startDate: options.startDate,
    endDate: options.endDate,
    createdByUserId: options.createdByUserId ?? null,
    createdAt: now,
    updatedAt: now,
  })
  const paused = await updateSubscriptionAtVersion({
    db,
    subscription,
    values: { pausedAt: now, pauseStartAt: options.startDate, pauseEndAt: options.endDate },
    now,
  })
  return refreshScheduleOf({ db, subscription: paused, frequency: options.frequency, now })
}

import type { Db } from '~/db/client.server'
import { AppError } from '~/lib/errors'
import { z } from '~/lib/validation'
import { calendarDateAt, instantAt } from '~/server/billing/calendar'
import { idSchema, parseInput } from '../service-input.server'
import type { Subscription } from './create-subscription.server'
import { findOrganisationSubscription } from './find-organisation-subscription.server'
import { updateSubscriptionAtVersion } from './subscription-version.server'

const inputSchema = z.object({
  organisationId: idSchema,
  subscriptionId: idSchema,
  reasons: z.array(z.string().trim().min(1).max(100)).default([]),
  comments: z.string().trim().min(1).max(2000).nullish(),
})

export type CancelSubscriptionInput = z.input<typeof inputSchema>

/**
 * Cancels at the end of the current period: the member keeps access until the renewal date and may undo
 * the cancellation until then (`undo_cancellation_until`, SPEC §4). A term membership cancelled inside
 * its cooling-off period is flagged, so the billing engine does not hold the member to the term.
 */
export async function cancelSubscription(
  options: CancelSubscriptionInput & { db: Db; now: Date },
): Promise<Subscription> {
  const { db, now, ...rest } = options
  const input = parseInput(inputSchema, rest)
  const today = calendarDateAt(now)
  const subscription = await findOrganisationSubscription({ db, ...input })
  if (subscription.cancelledAt) throw new AppError('CONFLICT', 'The membership is already cancelled.')

  // A one-off subscription has no renewal; it ends when cancelled.
  const undoUntil = subscription.currentPeriodEnd ? instantAt(subscription.currentPeriodEnd) : now
  const withinCoolingOff =
    subscription.coolingPeriodEndsAt !== null && today < subscription.coolingPeriodEndsAt

  return updateSubscriptionAtVersion({
    db,
    subscription,
    values: {
      cancelledAt: now,
      cancellationReasons: input.reasons,
      cancellationComments: input.comments ?? null,
      undoCancellationUntil: undoUntil,
      cancelledDuringCoolingOffPeriod: withinCoolingOff,
    },
    now,
  })
}

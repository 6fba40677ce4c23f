import type { Db } from '~/db/client.server'
import { AppError } from '~/lib/errors'
import { z } from '~/lib/validation'
import { type CalendarDateString, calendarDateAt, instantAt } from '~/server/billing/calendar'
import { idSchema, parseInput } from '../service-input.server'
import type { Subscription } from './create-subscription.server'
import { findOrganisationSubscription } from './find-organisation-subscription.server'
import { updateSubscriptionAtVersion } from './subscription-version.server'

const reasonsSchema = z.object({
  reasons: z.array(z.string().trim().min(1).max(100)).default([]),
  comments: z.string().trim().min(1).max(2000).nullish(),
})

const inputSchema = reasonsSchema.extend({ organisationId: idSchema, subscriptionId: idSchema })

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
  const subscription = await findOrganisationSubscription({ db, ...input })
  return cancelAtPeriodEnd({ db, now, subscription, reasons: input.reasons, comments: input.comments })
}

/** `cancelSubscription` of the membership as read (its version), reasons and comments as staff gave them. */
export async function cancelAtPeriodEnd(options: {
  db: Db
  now: Date
  subscription: Subscription
  reasons: string[]
  comments?: string | null | undefined
  /** The last day of access when a term's rules set it (exclusive, like the renew date); else the renew date. */
  endsOn?: CalendarDateString | null | undefined
}): Promise<Subscription> {
  const { db, now, subscription } = options
  const input = parseInput(reasonsSchema, { reasons: options.reasons, comments: options.comments })
  const today = calendarDateAt(now)
  if (subscription.cancelledAt) throw new AppError('CONFLICT', 'The membership is already cancelled.')

  // A one-off subscription has no renewal; it ends when cancelled.
  const endsOn = options.endsOn ?? subscription.currentPeriodEnd
  const undoUntil = endsOn ? instantAt(endsOn) : now
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

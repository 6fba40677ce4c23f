import { joinRequestSchema } from '~/contracts/join-payment'
import type { createSubscriptionRequestSchema } from '~/contracts/subscriptions'
import type { Db } from '~/db/client.server'
import { formatDate } from '~/lib/dates'
import type { z } from '~/lib/validation'
import type { DoorProviders } from '~/server/providers/doors/door-provider'
import type { PaymentProviders } from '~/server/providers/payments/payment-provider'
import { auditMembership } from '../audit/record-audit.server'
import type { Mailer } from '../auth/mailer'
import { syncPersonDoorAccess } from '../door-access/sync-door-access.server'
import { joinMembership } from '../join/join-membership.server'
import { parseInput } from '../service-input.server'
import { createMembership } from './create-membership.server'
import type { Subscription } from './create-subscription.server'

type CreateRequest = z.infer<typeof createSubscriptionRequestSchema>

/**
 * `POST /api/subscriptions`: staff add a membership for a member (`membershipStarter` has checked the
 * member and the gym), its history line in the same transaction (ADR 025); a member joins through the
 * confirm screen (agreement, idempotency key, first charge) and gets their door code at once.
 */
export async function startMembership(options: {
  db: Db
  now: Date
  mailer: Mailer
  payments: PaymentProviders
  doors: DoorProviders
  starter: { user: { id: number; organisationId: number }; staff: boolean; memberId: number }
  body: CreateRequest
  ipAddress: string | null
}): Promise<Subscription> {
  const { db, now, starter, body } = options
  if (!starter.staff) return joinAsMember(options)
  return db.transaction(async (tx) => {
    const membership = await createMembership({
      db: tx,
      now,
      organisationId: starter.user.organisationId,
      userId: starter.memberId,
      priceId: body.price_id,
      gymId: body.gym_id,
      startDate: body.start_date,
      privatePriceLinkId: body.private_price_link_id,
    })
    await auditMembership(tx, {
      actorId: starter.user.id,
      subscription: membership,
      action: 'membership.created',
      description: `Membership added, starting ${formatDate(membership.startDate)}`,
    })
    return membership
  })
}

async function joinAsMember(options: Parameters<typeof startMembership>[0]): Promise<Subscription> {
  const { db, now, starter } = options
  const join = parseInput(joinRequestSchema, options.body)
  const joined = await joinMembership({
    db,
    now,
    providers: options.payments,
    mailer: options.mailer,
    organisationId: starter.user.organisationId,
    userId: starter.user.id,
    priceId: join.price_id,
    startDate: join.start_date,
    clientKey: join.client_key,
    typedName: join.agreement_name,
    offSessionConsent: join.off_session_consent,
    ipAddress: options.ipAddress,
  })
  // The door code is made now, so the welcome page can show it (the job would within seconds).
  await syncPersonDoorAccess({ db, providers: options.doors, userId: starter.user.id, now }).catch(
    () => undefined,
  )
  return joined.subscription
}

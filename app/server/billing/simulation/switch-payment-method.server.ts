import { and, eq } from 'drizzle-orm'
import type { PaymentMethodType } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { payments } from '~/db/schema'
import { cardSurcharge } from '~/server/billing/amounts'
import { scheduleRetriesForNewMethod } from '~/server/billing/engine/owed-periods.server'
import type { Random } from '~/server/seed/random'
import type { PaymentMethod } from '~/server/services/payment-methods/add-payment-method.server'
import { addSandboxPaymentMethod } from './add-sandbox-payment-method.server'
import type { MethodOutcome, SimulatedMember, SimulationOrganisation } from './types'

/**
 * A member replaces their payment method: the new one is saved as the default (`addPaymentMethod`
 * with `makeDefault`), and the payments still `upcoming` (the next period's, and retries of a failed
 * one) move to it, with the card surcharge worked out again. Later periods take the default anyway.
 *
 * The second step has no service yet: `addPaymentMethod` leaves upcoming payments on the old method,
 * so a retry would charge the card that just failed. Until one exists, this does it here, in one
 * transaction, the way such a service would.
 */
export async function switchPaymentMethod(options: {
  db: Db
  /** Whose method: a simulated member, or the demo seed's record of one. */
  member: Pick<SimulatedMember, 'userId' | 'gymId'> & {
    organisation: Pick<SimulationOrganisation, 'organisationId' | 'surcharge'>
  }
  random: Random
  type: PaymentMethodType
  outcome: MethodOutcome
  now: Date
}): Promise<PaymentMethod> {
  const { db, member, random, now } = options
  const method = await addSandboxPaymentMethod({
    db,
    random,
    organisationId: member.organisation.organisationId,
    userId: member.userId,
    gymId: member.gymId,
    type: options.type,
    outcome: options.outcome,
    makeDefault: true,
    now,
  })
  await db.transaction(async (tx) => {
    // As the service does: a period still owed with no retry waiting (a hard decline schedules none)
    // gets one due today on the new method (ADR 027).
    await scheduleRetriesForNewMethod(tx, { now, userId: member.userId, method })
    const upcoming = await tx
      .select({ id: payments.id, amount: payments.amount })
      .from(payments)
      .where(and(eq(payments.userId, member.userId), eq(payments.status, 'upcoming')))
      .for('update')
    for (const payment of upcoming) {
      await tx
        .update(payments)
        .set({
          paymentMethodId: method.id,
          type: method.type,
          surcharge:
            method.type === 'stripe_card'
              ? cardSurcharge({ amount: payment.amount, settings: member.organisation.surcharge })
              : 0,
          updatedAt: now,
        })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'upcoming')))
    }
  })
  return method
}

import { and, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { payments } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { requireArea, type StaffCaller, unauthorisedMessage } from './caller.server'
import { ownedBy } from './scope.server'

/**
 * A payment the caller may act on (retry now, payment link, waive; issue 16): money moves only on an
 * admin's word (ADR 014) — an organisation admin for any gym, a gym admin for their gyms. A payment
 * of another organisation, or of a gym the caller doesn't work at, is a 404; one of a gym where they
 * only train is a 403.
 */
export async function findPaymentToManage(options: { db: Db; caller: StaffCaller; paymentId: number }) {
  const { db, caller } = options
  requireArea(caller, 'payments')
  const [payment] = await db
    .select({ id: payments.id, gymId: payments.gymId, status: payments.status })
    .from(payments)
    .where(and(eq(payments.id, options.paymentId), ownedBy(payments, caller.organisationId)))
  if (!payment || payment.status === 'cancelled') throw new AppError('NOT_FOUND', 'Payment not found.')
  if (caller.isOrganisationAdmin) return payment
  const index = caller.gymIds.indexOf(payment.gymId)
  if (index < 0) throw new AppError('NOT_FOUND', 'Payment not found.')
  if (caller.access.gymRoles[index] !== 'admin') throw new AppError('FORBIDDEN', unauthorisedMessage)
  return payment
}

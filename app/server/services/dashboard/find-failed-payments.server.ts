import { and, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm'
import type { GymScope } from '~/access/scope.server'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { gyms, payments, subscriptions, users } from '~/db/schema'
import { FAILED_PAYMENTS_LIMIT, type FailedPayment } from '~/features/dashboard/contract'
import { failureReasonWords } from '~/features/payments/payment-filters'
import { addDays, calendarDateAt } from '~/server/billing/calendar'
import { notFailedPaymentStatuses } from '~/server/billing/payment-statuses'
import { charged } from '../payments/find-expected-payments.server'

/** How far back a failed payment still asks for action. */
const LOOK_BACK_DAYS = 60

/**
 * Failed payments someone should act on: the latest failed payment (SPEC §4: any status but sent,
 * upcoming, pending_request) of each membership that still owes money, due in the last 60 days,
 * newest first.
 */
export async function findFailedPayments(options: {
  db: Db
  organisationId: number
  scope: GymScope
  now: Date
}): Promise<{ total: number; rows: FailedPayment[] }> {
  const { db, organisationId, scope, now } = options
  if (!scope.wholeOrganisation && scope.gymIds.length === 0) return { total: 0, rows: [] }
  const since = addDays(calendarDateAt(now), -LOOK_BACK_DAYS)
  const latestFailed = await db
    .selectDistinctOn([payments.subscriptionId], {
      id: payments.id,
      dueOn: payments.dueOn,
      amount: sql<number>`${charged}`.mapWith(Number),
      status: payments.status,
      isRetry: payments.isRetry,
      errorStatus: payments.errorStatus,
      errorDescription: payments.errorDescription,
      memberId: users.id,
      memberName: users.name,
      gymName: gyms.name,
      balanceOwing: subscriptions.balanceOwing,
    })
    .from(payments)
    .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(gyms, eq(gyms.id, payments.gymId))
    .where(
      and(
        ownedBy(payments, organisationId),
        sql`${payments.status} not in ${notFailedPaymentStatuses}`,
        gte(payments.dueOn, since),
        gt(subscriptions.balanceOwing, 0),
        scope.wholeOrganisation ? undefined : inArray(payments.gymId, scope.gymIds),
      ),
    )
    .orderBy(payments.subscriptionId, desc(payments.dueOn), desc(payments.id))
  const sorted = latestFailed.sort((a, b) => b.dueOn.localeCompare(a.dueOn) || b.id - a.id)
  return {
    total: sorted.length,
    rows: sorted.slice(0, FAILED_PAYMENTS_LIMIT).map((row) => ({
      id: row.id,
      member: { id: row.memberId, name: row.memberName },
      gym_name: row.gymName,
      amount: row.amount,
      due_on: row.dueOn,
      status: row.status,
      is_retry: row.isRetry,
      // In the payments list's words ("Insufficient funds"), not the provider's sentence or code.
      error_description: failureReasonWords(row.errorStatus, row.errorDescription),
      balance_owing: row.balanceOwing,
    })),
  }
}

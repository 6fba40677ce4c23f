import { and, desc, eq, gt, sql } from 'drizzle-orm'
import { inGymScope, ownedBy } from '~/access/scope.server'
import { FAILED_PAYMENTS_LIMIT, type FailedPayment } from '~/contracts/dashboard'
import { failureReasonWords } from '~/contracts/payment-filters'
import { readTogether } from '~/db/read-together.server'
import { gyms, memberSummaries, payments, users } from '~/db/schema'
import { notFailedPaymentStatuses } from '~/server/billing/payment-statuses'
import { countMembers } from '../members/find-member-page.server'
import { charged } from '../payments/find-expected-payments.server'
import { type DashboardRead, seesNoGym } from './dashboard-read.server'

/**
 * Members who owe after a failed payment, and the failed payments to act on (issue 25): the figure is
 * the members list's own count with "Owes money" (`countMembers`, `owing: true`: the member's latest
 * membership owes), so the dashboard and the list it links to agree; the rows are the latest failed
 * payment (SPEC §4: any status but sent, upcoming, pending_request) of each such membership, newest
 * first. A cancelled membership still in its grace period owes like any other.
 */
export async function findFailedPayments(
  options: DashboardRead,
): Promise<{ total: number; rows: FailedPayment[] }> {
  const { db, organisationId, scope, now } = options
  if (seesNoGym(scope)) return { total: 0, rows: [] }
  const [total, latestFailed] = await readTogether(db, [
    () => countMembers({ db, organisationId, scope, now, filters: { sort: 'name', owing: true } }),
    () =>
      db
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
          balanceOwing: memberSummaries.balanceOwing,
        })
        .from(payments)
        // The member's latest membership, () => in the scope the members list reads (ADR 026).
        .innerJoin(memberSummaries, eq(memberSummaries.subscriptionId, payments.subscriptionId))
        .innerJoin(users, eq(users.id, payments.userId))
        .innerJoin(gyms, eq(gyms.id, payments.gymId))
        .where(
          and(
            ownedBy(payments, organisationId),
            ownedBy(memberSummaries, organisationId),
            sql`${payments.status} not in ${notFailedPaymentStatuses}`,
            gt(memberSummaries.balanceOwing, 0),
            inGymScope(memberSummaries.gymId, scope),
          ),
        )
        .orderBy(payments.subscriptionId, desc(payments.dueOn), desc(payments.id)),
  ])
  const sorted = latestFailed.sort((a, b) => b.dueOn.localeCompare(a.dueOn) || b.id - a.id)
  return {
    total,
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
